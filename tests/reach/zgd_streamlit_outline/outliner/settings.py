from pathlib import Path

HERE = Path(__file__).resolve().parent


class Settings:
    OUTLINE_TEMPLATE = HERE / "prompts" / "outline.txt"
    MODEL = "gpt-4o-mini"
