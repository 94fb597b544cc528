"""The project's one way to ask a model: a template and the values that fill it."""
import openai


async def generate(model_name: str, template: str, input_values: dict, temperature: float = 0.0):
    prompt = template.format(**input_values)
    reply = await openai.AsyncOpenAI().chat.completions.create(
        model=model_name, temperature=temperature,
        messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
