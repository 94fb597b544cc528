"""A retry loop that changes the prompt after the first attempt (`if attempt > 0: prompt =
plain(first)`): the first attempt, which every request makes, sends the prompt as built."""

from openai import OpenAI

CHECKLIST = """Inspection notes: {notes}

You write the defect list of a building inspection from the inspector's notes. List each
defect once, with its room, what is wrong, how urgent it is (safety, soon or cosmetic) and
who should fix it (electrician, plumber, roofer or general contractor). Never add a defect
the notes do not mention and never estimate costs. Answer in a Markdown table with the
columns Room, Defect, Urgency and Trade, ordered from the most urgent to the least."""

client = OpenAI()


def plain(prompt: str) -> str:
    return prompt.replace("Markdown table", "plain list")


def defects(notes: str) -> str:
    first = CHECKLIST.format(notes=notes)
    prompt = first
    for attempt in range(3):
        if attempt > 0:
            prompt = plain(first)
        reply = client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
        if reply.choices[0].message.content:
            return reply.choices[0].message.content
    return ""
