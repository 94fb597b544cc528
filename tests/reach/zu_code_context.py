"""A coding assistant's conversation: the messages it keeps, each reshaped by a
comprehension, with the files in view put in a system message before them on every turn."""

from openai import OpenAI

client = OpenAI()

RULES = """You are a coding assistant. Edit the files the user shows you and answer with a
unified diff for every change. Keep the style of the surrounding code, never touch files
that are not shown, and explain each change in one short sentence after the diff."""


class Conversation:
    def __init__(self, workspace):
        self._messages = []
        self.workspace = workspace

    def get_messages(self, include_files=False):
        _messages = [
            {"role": "assistant", "content": m["content"]} if m["role"] == "assistant" else m
            for m in self._messages.copy()
        ]
        if include_files:
            files_message = self.workspace.render_files()
            _messages = [{"role": "system", "content": files_message}] + _messages
        return [{"role": "system", "content": RULES}] + _messages

    def reply(self, text):
        self._messages.append({"role": "user", "content": text})
        response = client.chat.completions.create(model="gpt-4o",
                                                  messages=self.get_messages(True))
        return response.choices[0].message.content
