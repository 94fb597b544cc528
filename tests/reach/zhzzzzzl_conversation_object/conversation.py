"""A conversation object: its constructor adds the system message through its own method, the
caller adds the user's turns, and `send` passes the messages on by keyword to a retrying
method that hands its `**params` to the SDK (the reply it keeps after sending is the next
request's, not this one's)."""
from mistralai import Mistral, SystemMessage, UserMessage


class Conversation:
    def __init__(self, *, api_key, model, system_prompt=None):
        self.model = model
        self.client = Mistral(api_key=api_key)
        self.messages = []
        self.tools = None
        if system_prompt is not None:
            self.add_system(system_prompt)

    def add_system(self, prompt):
        self.messages.append(SystemMessage(content=prompt))

    def add_message(self, prompt):
        self.messages.append(UserMessage(content=prompt))

    def send(self, tool_choice="auto"):
        if self.tools is not None:
            extra = dict(tools=self.tools, tool_choice=tool_choice)
        else:
            extra = {}
        response = self._send_with_retry(model=self.model, messages=self.messages, **extra)
        self.messages.append(response.choices[0].message)
        return response

    def _send_with_retry(self, **params):
        for _ in range(3):
            try:
                return self.client.chat.complete(**params)
            except TimeoutError:
                continue
        raise TimeoutError("the model did not answer")
