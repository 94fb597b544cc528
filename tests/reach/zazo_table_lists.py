from openai import OpenAI

PROMPTS = {}
PROMPTS["ENTITY_LABELS"] = ["organization", "person", "location", "event"]
PROMPTS["extract"] = """Find every entity with one of these labels in the text: [{labels}].
For each entity give its name, its label and one sentence on what the text says of it. Give
each relation between two entities as a pair of names and one sentence. Use the text's own
words for names, never merge two entities that the text keeps apart, and skip any entity the
text only mentions in passing. Write one entity or relation per line, with no other text.

Text:
{text}"""


def extract(text: str) -> str:
    prompt = PROMPTS["extract"].format(labels=", ".join(PROMPTS["ENTITY_LABELS"]), text=text)
    reply = OpenAI().chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
