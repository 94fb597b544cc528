"""The clinic's booking assistant and its recap, both sent with prompts from the model."""
from datetime import date

from anthropic import Anthropic

from .loader import clinic_prompts, recap_prompts

client = Anthropic()
BOOKING = clinic_prompts().booking_prompt


def book(history):
    system = BOOKING.format(today=date.today().isoformat())
    reply = client.messages.create(model="claude-sonnet-4-5", max_tokens=600, system=system,
                                   messages=history)
    return reply.content[0].text


def recap(patient_name, transcript):
    prompts = recap_prompts()
    text = prompts.recap_prompt.format(patient=patient_name)
    reply = client.messages.create(model="claude-sonnet-4-5", max_tokens=300, system=text,
                                   messages=[{"role": "user", "content": transcript}])
    return reply.content[0].text
