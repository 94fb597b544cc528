"""A parse retry: the model's unparsable reply goes back with a constant request to answer
again. The request follows the reply it answers, so it is no constant text a move could
bring before the notes: nothing to report."""

from openai import OpenAI

client = OpenAI()

RECORD_RULES = ("You turn a chemist's lab notes into a JSON record with the keys compound, "
                "method, yield and remarks. Answer with the JSON object only.")


def record(notes: str) -> str:
    first = [{"role": "system", "content": RECORD_RULES}, {"role": "user", "content": notes}]
    reply = client.chat.completions.create(model="gpt-4o", messages=first)
    raw = reply.choices[0].message.content
    retry = [
        {"role": "system", "content": RECORD_RULES},
        {"role": "user", "content": notes},
        {"role": "assistant", "content": raw},
        {"role": "user", "content": (
            "Your previous response could not be parsed as JSON. Output only a valid JSON "
            "object with the keys compound, method, yield and remarks, with no text, "
            "markdown fences or explanation around it, and without repeating the notes. "
            "Use null for a key the notes do not give.")},
    ]
    return client.chat.completions.create(model="gpt-4o", messages=retry).choices[0].message.content
