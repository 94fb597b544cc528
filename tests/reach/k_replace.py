from pathlib import Path

from openai import OpenAI

client = OpenAI()


def load_prompt(name: str) -> str:
    return (Path(__file__).parent / "prompts" / name).read_text()


BASE = load_prompt("optimizer.md")


def optimize(phase: int, phase_name: str, transcript: str):
    system = BASE.replace("{{PHASE}}", str(phase)).replace("{{PHASE_NAME}}", phase_name)
    return client.chat.completions.create(model="writer", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": transcript}])
