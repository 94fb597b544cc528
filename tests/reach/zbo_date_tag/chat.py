"""The date goes in where the prompt's tag stands, by a helper that replaces the tag only
when the text has it (a custom prompt may leave it out)."""
from openai import OpenAI

from zbo_date_tag.tags import fill_tags
from zbo_date_tag.texts import ASSISTANT_PROMPT

client = OpenAI()


def base_prompt(persona) -> str:
    return persona.prompt if persona is not None and persona.prompt else ASSISTANT_PROMPT


def answer(persona, question: str) -> str:
    reply = client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": fill_tags(base_prompt(persona))},
        {"role": "user", "content": question}])
    return reply.choices[0].message.content
