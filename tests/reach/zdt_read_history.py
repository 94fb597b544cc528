"""The history is read by a store's method named for what it returns (its code not in view);
the passages come before it."""

from openai import OpenAI

RULES = """You are a writing coach. Comment on structure first, then on style, and quote the
sentence you comment on. Never rewrite more than one sentence at a time, and end with one
question that helps the writer decide what to change next."""


class Coach:
    def __init__(self, memory, index):
        self.client = OpenAI()
        self.memory = memory
        self.index = index

    def reply(self, session_id, question):
        passages = self.index.search(question)
        messages = [{"role": "system", "content": f"{RULES}\nStyle guide passages: {passages}"},
                    *self.memory.load_messages(session_id),
                    {"role": "user", "content": question}]
        return self.client.chat.completions.create(model="gpt-4o", messages=messages)
