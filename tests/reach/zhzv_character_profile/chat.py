from openai import OpenAI

from .characters import get_character

client = OpenAI()


def reply(character_id: str, message: str) -> str:
    profile = get_character(character_id)
    system_prompt = profile.system_prompt()
    response = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": system_prompt},
            {"role": "user", "content": message},
        ],
    )
    return response.choices[0].message.content
