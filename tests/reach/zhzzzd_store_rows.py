"""A warehouse summary: the latest figures come from a database whose path is a setting."""
import sqlite3

from openai import OpenAI

client = OpenAI()


class Settings:
    DB_PATH = "data/orders.db"


settings = Settings()

RULES = """Write the daily summary for the warehouse team from the figures above. Follow these rules:
1. Say first whether orders rose or fell since yesterday and by how much, in percent.
2. Name the three products that sold most, with their counts, and any that ran out of stock.
3. List late shipments by carrier, and say which carrier is late most often this week.
4. Keep it under 150 words, in plain sentences, without abbreviations or tables.
5. End with the one thing the team should check first tomorrow morning, and why."""


def latest_figures(db_path):
    with sqlite3.connect(db_path) as conn:
        row = conn.execute("SELECT summary FROM daily ORDER BY day DESC LIMIT 1").fetchone()
    return row[0]


def summary():
    prompt = f"Figures: {latest_figures(str(settings.DB_PATH))}\n\n{RULES}"
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
