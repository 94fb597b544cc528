"""The analyst's instructions: a prompt file with the way to read files put in the middle,
chosen by whether the run reads a remote repository or a local folder."""

from pathlib import Path

from openai import OpenAI

PROMPTS = Path(__file__).parent / "prompts"


def analyze(state, messages):
    base = (PROMPTS / "analyst.md").read_text(encoding="utf-8")
    if state.get("repository_url"):
        reading = (PROMPTS / "read_remote.md").read_text(encoding="utf-8")
    else:
        reading = (PROMPTS / "read_local.md").read_text(encoding="utf-8")
    instructions = base.format(READ_INSTRUCTIONS=reading)
    client = OpenAI()
    return client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": instructions}, *messages])
