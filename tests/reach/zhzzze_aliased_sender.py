"""A meal logger asks again with the user's correction: the sender is picked into a local name."""
import openai

client = openai.AsyncOpenAI()

RULES = """Read the meal description and return JSON with the fields name, serving, calories,
protein, fat and carbs. Use grams for every amount and round each figure to one decimal place.
When the description names several dishes, return one object per dish in a list. Never add
commentary outside the JSON. If the text is not about food, return {"is_food": false}.
Estimate a typical serving when none is given, and prefer the most common recipe of the dish."""


async def _complete(messages, retries=3):
    for _ in range(retries):
        reply = await client.chat.completions.create(model="gpt-4.1-mini", messages=messages)
        if reply.choices:
            return reply.choices[0].message.content
    return ""


async def correct(message: str, correction: str):
    system = f"The user corrects the first answer: {correction}\n\n{RULES}"
    sender = _complete
    return await sender([
        {"role": "system", "content": system},
        {"role": "user", "content": message},
    ])
