from openai import OpenAI

from personas import GUIDE_PERSONA

FRAME = """{persona}

Reply in plain text without markdown. Keep every reply under eighty words. Name the room of
every piece you mention, and end with one question that invites the visitor to look closer."""


class GuideAgent:
    """The persona is a constructor parameter whose default is the project's constant."""

    def __init__(self, model: str = "gpt-4o", persona: str = GUIDE_PERSONA):
        self.model = model
        self.persona = persona
        self.client = OpenAI()

    def reply(self, visitor, question):
        name = visitor.name if visitor.name else "friend"
        try:
            persona = self.persona.format(user_name=name)
        except (KeyError, ValueError):
            persona = self.persona
        system = FRAME.format(persona=persona)
        return self.client.chat.completions.create(model=self.model, messages=[
            {"role": "system", "content": system}, {"role": "user", "content": question}])
