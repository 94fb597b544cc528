"""Narrates the next scene from the saved campaign."""
from openai import OpenAI

from .settings import load_settings
from .state import load_campaign

client = OpenAI()

STYLE = """Narrate the next scene of the campaign for the players. Write in the second person,
present tense, in two or three paragraphs. Describe what the party sees, hears and smells
before anything happens; then let one thing happen that calls for a decision, and stop
there without deciding for the players. Keep every non-player character consistent with
what they said before, never kill a player character, and never reveal a quest's secret
before the party has earned it. End with the question "What do you do?" on its own line."""


def next_scene(save_path):
    campaign = load_campaign(save_path)
    lines = ["Open quests:"]
    for quest, status in campaign.quests.items():
        lines.append(f"- {quest}: {status}")
    prompt = "\n".join(lines) + "\n\n" + STYLE
    reply = client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content


def answer(question):
    settings = load_settings()
    reply = client.chat.completions.create(model=settings.model, messages=[
        {"role": "system", "content": settings.system_prompt},
        {"role": "user", "content": question}])
    return reply.choices[0].message.content
