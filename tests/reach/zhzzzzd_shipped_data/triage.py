"""Ticket triage: the categories are data the project ships, read by a helper (the same on
every request); a customer's profile is the entry of shipped data that their id picks."""
import json
from pathlib import Path

from openai import OpenAI

client = OpenAI()
DATA = Path(__file__).parent / "data"


def load_categories() -> dict:
    with open(DATA / "categories.json", encoding="utf-8") as f:
        return json.load(f)


def category_lines(categories: list) -> str:
    return "\n".join(f"- {c['id']}: {c['label']}" for c in categories)


def classify(ticket: str, user_id: str) -> str:
    categories = load_categories()
    profiles = json.load(open(DATA / "profiles.json", encoding="utf-8"))
    system = (
        "You sort customer tickets into exactly one category.\n"
        f"Refund categories:\n{category_lines(categories['refund'])}\n"
        f"Account categories:\n{category_lines(categories['account'])}\n"
        f"The customer's plan: {profiles[user_id]['plan']}.\n"
        "Answer with the category id alone, then one sentence saying why.\n"
        "When two categories fit, choose the one the customer asks to be fixed first.\n"
        "Never invent a category; when none fits, answer NONE and say what is missing."
    )
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system}, {"role": "user", "content": ticket}],
    )
    return reply.choices[0].message.content


def load_notes() -> dict:
    with open(DATA / "notes.json", encoding="utf-8") as f:
        return json.load(f)


def save_notes(summary: str) -> None:
    with open(DATA / "notes.json", "w", encoding="utf-8") as f:
        json.dump({"handed_over": summary}, f)


def hand_over(ticket: str) -> str:
    """The notes file is one the script keeps rewriting: what it holds is not the
    deployment's."""
    notes = load_notes()
    system = (
        f"Notes from the last shift: {notes['handed_over']}\n"
        "You hand open tickets over to the next shift. Say what was promised to the\n"
        "customer, what is still missing, and who should act first; keep it to three\n"
        "lines and never repeat the customer's personal details in the hand-over.\n"
        "When a refund is pending, name the payment provider and the date it was asked\n"
        "for, so the next shift can chase it without opening the ticket history again."
    )
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system}, {"role": "user", "content": ticket}],
    )
    save_notes(reply.choices[0].message.content)
    return reply.choices[0].message.content
