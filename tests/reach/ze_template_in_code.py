"""A Jinja template written in code and rendered with a mapping built beside it: each
`{{ name }}` takes the value the mapping holds for it, reported at the placeholder."""

from datetime import datetime

from jinja2 import Environment
from openai import OpenAI

client = OpenAI(base_url="http://vllm.internal:8000/v1", api_key="unused")

TRIAGE = """Local time at the clinic: {{ now }}.
You are the triage assistant of a veterinary clinic. Read the owner's message and decide how
urgent the visit is: emergency, today, this week, or routine. Explain your choice in one
sentence, and list the questions the receptionist should ask before booking.
Never give a diagnosis or a dose; say that a veterinarian will examine the animal.
{% if species %}The clinic treats cats, dogs and rabbits only; refer any other animal.{% endif %}"""


def triage(message: str) -> str:
    environment = Environment()
    variables = {"now": datetime.now().strftime("%H:%M"), "species": True}
    system = environment.from_string(TRIAGE).render(variables)
    reply = client.chat.completions.create(model="clinic-8b", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": message}])
    return reply.choices[0].message.content
