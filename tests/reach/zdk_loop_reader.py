"""A loop over the sources found for a request, with a line inside it that reads another
value as well (`Notes on {name}`): it moves with the loop, so moving the sources below the
rules gains the rules, not the few words before that line."""

from openai import OpenAI

client = OpenAI()


def compare_prompt(claim: str, found: dict, notes: dict) -> str:
    prompt = "You check a claim against the sources found for it.\n\n"
    prompt += f"Claim: {claim}\n\nSources:\n"
    for name, passages in found.items():
        prompt += f"\n{name}:\n"
        for passage in passages:
            prompt += f"- {passage}\n"
        if notes.get(name):
            prompt += f"Notes on {name}: {notes[name]}\n"
    prompt += (
        "\nAnswer with one JSON object: {\"verdict\": \"supported\" | \"contradicted\" | "
        "\"unclear\", \"quotes\": [the sentences of the sources that decide it], \"why\": "
        "\"one sentence\"}. Quote sources word for word, never paraphrase them, and say "
        "unclear when the sources disagree with each other or do not speak to the claim."
    )
    return prompt


def check(claim: str, found: dict, notes: dict) -> str:
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": compare_prompt(claim, found, notes)}])
    return reply.choices[0].message.content
