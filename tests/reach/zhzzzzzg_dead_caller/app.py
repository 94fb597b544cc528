"""A story service whose `write` returns the model's story and keeps, below its `return`,
a call of an older prompt builder: that call never runs, so this file is not where the
builder's text is used."""
import anthropic

import helpers

client = anthropic.Anthropic()
STYLE = ("Write bedtime stories of about four hundred words for children aged five to eight. "
         "Use short sentences, one gentle conflict that is resolved kindly, no frightening "
         "creatures, and a calm last paragraph that ends with the main character asleep.")


def write(data: dict) -> str:
    reply = client.messages.create(
        model="claude-haiku-4-5", max_tokens=900, system=STYLE,
        messages=[{"role": "user", "content": f"Idea: {data['idea']}"}])
    return reply.content[0].text
    tone = helpers.tone_prompt(data)
    print(tone)
