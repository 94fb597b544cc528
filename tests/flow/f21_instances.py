"""Attributes of instances made elsewhere: a constructor's arguments flow into __init__, a
pydantic field default is the class's text, and an object held by another object is followed."""
from openai import OpenAI
from pydantic import BaseModel, Field

from policy import POLICY

client = OpenAI()


class Persona:
    def __init__(self, display_name, tone="plain"):
        self.intro = f"You are speaking with {display_name}. Use a {tone} tone.\n" + POLICY


class Config(BaseModel):
    system_prompt: str = Field(POLICY, description="the system prompt of the support bot")


class Assistant:
    def __init__(self):
        self.config = Config()

    def answer(self, question):
        return client.chat.completions.create(model="gpt-4o", messages=[
            {"role": "system", "content": self.config.system_prompt},
            {"role": "user", "content": question}])


def greet(user, question):
    persona = Persona(user.display_name)
    return client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": persona.intro},
        {"role": "user", "content": question}])
