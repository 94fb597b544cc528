"""A planner whose system prompt is formatted with what a clock helper returns, the time and
the part of the day as one tuple (`return stamp, part`): the time written first varies on
every request."""
from datetime import datetime
from zoneinfo import ZoneInfo

from openai import OpenAI

client = OpenAI()
PROMPT = """Current datetime is: {NOW}

You are a planning assistant for a small team. You read the request, decide which of the
calendar functions to call, and call exactly one of them with arguments taken from the request.
Never invent a date that the user did not give; ask instead. Times are in the team's zone and
meetings last thirty minutes unless the user says otherwise. Reply in the user's language.
"""


def now_info():
    now = datetime.utcnow().replace(tzinfo=ZoneInfo("UTC")).astimezone(ZoneInfo("Asia/Tokyo"))
    stamp = now.strftime("%Y-%m-%d, %H:%M")
    part = "morning" if now.hour < 12 else "afternoon"
    return stamp, part


def plan(query):
    return client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": PROMPT.format(NOW=now_info())},
        {"role": "user", "content": query}])
