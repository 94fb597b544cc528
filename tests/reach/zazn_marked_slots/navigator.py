from pathlib import Path

PROMPTS = Path(__file__).parent / "prompts"


def fill(name: str, **slots: str) -> str:
    """A prompt file of the folder with each `<$slot$>` (or `{$slot}`) replaced."""
    text = (PROMPTS / f"{name}.prompt").read_text(encoding="utf-8")
    for slot, value in slots.items():
        text = text.replace(f"<${slot}$>", value).replace(f"{{${slot}}}", value)
    return text
