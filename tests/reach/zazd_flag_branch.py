"""A flag (`brief: bool`) chooses between two fixed instruction texts: each is shared by every
request that makes the same choice, so the branch does not end the shared prefix; the trace,
last, is the only value per request."""
from openai import OpenAI

client = OpenAI()


def explain_trace(trace: str, brief: bool = False) -> str:
    if brief:
        rules = """Explain the trace below to an engineer in three bullet points: what the
request did, where the time went, and the one span most worth a closer look. Use the span
names as they appear, never guess at code you cannot see, and skip anything obvious."""
    else:
        rules = """Explain the trace below to an engineer. Start with what the request did,
then list the five slowest spans with their durations, then any span that failed with its
error, then repeated queries that could be batched. Use the span names as they appear, never
guess at code you cannot see, and end with the one change most likely to help."""
    reply = client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "user", "content": rules + "\n\nTrace:\n" + trace}])
    return reply.choices[0].message.content
