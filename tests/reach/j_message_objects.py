from pydantic import BaseModel

from policy import POLICY


class Message(BaseModel):
    role: str
    content: str


def extract(context: dict) -> list[Message]:
    return [
        Message(role="system", content=f"Episode {context['episode_id']}:\n" + POLICY),
        Message(role="user", content=context["episode_content"]),
    ]
