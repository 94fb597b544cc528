from pathlib import Path
from string import Template


def load_runbook(filename: str) -> Template:
    """A runbook prompt, its `$fields` filled by the caller."""
    return Template(Path(f"runbooks/{filename}").read_text())
