"""A daily tip script run by cron: it reads the day's fixtures, writes one prompt and sends it.

Each run is one request: the rows it reads and the date it writes are that run's, so with
them first, the instructions after them are computed again every day.
"""
import sqlite3
from datetime import date

from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")
db = sqlite3.connect("league.db")
fixtures = db.execute("SELECT home, away, kickoff FROM fixtures").fetchall()
today = date.today().isoformat()

prompt = f"""Fixtures for {today}: {fixtures}

You are a careful football analyst writing one betting tip for a newsletter's readers.
Pick the single fixture where the form tables and the referees' card records agree most,
explain the pick in three sentences, name the market and the odds range you would accept,
and say plainly what would make you skip the bet. Never promise a win, never suggest
chasing losses, and remind readers to bet only what they can afford to lose. Keep it under
120 words and write it in plain British English without exclamation marks or emojis."""

reply = client.chat.completions.create(
    model="tipster", messages=[{"role": "user", "content": prompt}])
print(reply.choices[0].message.content)
