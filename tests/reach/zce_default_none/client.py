"""A client that turns keyword arguments into messages, each only when given: a parameter
left at its default None adds nothing."""
from dataclasses import dataclass

from openai import OpenAI


@dataclass
class Message:
    role: str
    content: str | None = None


class LlmClient:
    @staticmethod
    def to_message_dict(message: Message) -> dict:
        message_dict = {
            "content": message.content if message.content else "",
            "role": message.role,
        }
        return message_dict

    @classmethod
    def _prep(cls, *, messages=None, prompt=None, system_prompt=None):
        message_dicts = [cls.to_message_dict(m) for m in messages] if messages else []
        if system_prompt:
            message_dicts.insert(0, cls.to_message_dict(Message(role="system", content=system_prompt)))
        if prompt:
            message_dicts.append(cls.to_message_dict(Message(role="user", content=prompt)))
        return message_dicts

    def generate(self, *, prompt=None, messages=None, system_prompt=None):
        message_dicts = self._prep(messages=messages, prompt=prompt, system_prompt=system_prompt)
        return OpenAI().chat.completions.create(model="gpt-4o", messages=message_dicts)
