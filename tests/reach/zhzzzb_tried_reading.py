"""A gauge report: the latest reading comes from a file, with a fallback line if it fails."""
import logging

from openai import OpenAI

client = OpenAI()
log = logging.getLogger(__name__)

RULES = """Write the morning note for the river crew from the reading above. Follow these rules:
1. Say first whether the level is rising, steady or falling since yesterday's note.
2. Compare the level with the flood-watch mark of 2.4 metres and say how far off it is.
3. List which of the three footbridges must close, if any, and from what time.
4. Keep it under 120 words, in plain sentences, without abbreviations.
5. End with the time of the next reading and who to call if the level passes 2.8 metres."""


def latest_reading(station):
    try:
        with open(f"/srv/gauges/{station}.txt", encoding="utf-8") as handle:
            return handle.read().strip()
    except OSError as error:
        log.warning("no reading for %s: %s", station, error)
    return "no reading available"


def morning_note(station):
    prompt = f"Latest reading: {latest_reading(station)}\n\n{RULES}"
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
