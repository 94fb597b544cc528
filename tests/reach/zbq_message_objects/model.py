from dataclasses import asdict, dataclass

from openai import OpenAI


@dataclass
class Note:
    role: str
    content: str

    def to_dict(self) -> dict:
        return asdict(self)


class ChatModel:
    def __init__(self):
        self.client = OpenAI()

    def format_note(self, note: Note) -> dict:
        return note.to_dict()

    def respond(self, notes: list[Note]):
        return self.client.chat.completions.create(
            model="gpt-4o", messages=[self.format_note(n) for n in notes])
