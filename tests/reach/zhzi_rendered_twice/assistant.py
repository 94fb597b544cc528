"""One turn of a phone call: the instructions, the call so far, the caller's words."""
from openai import OpenAI

from .instructions import build_instructions, with_call_data

client = OpenAI()


def reply(history: list, call_data: dict, heard: str) -> str:
    system = with_call_data(build_instructions("Harbour Dental"), call_data)
    messages = [{"role": "system", "content": system}, *history,
                {"role": "user", "content": heard}]
    response = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
    return response.choices[0].message.content
