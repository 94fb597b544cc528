from pathlib import Path

# every prompt of the folder, by its file name without the suffix
PROMPTS = {path.stem: path.read_text() for path in (Path(__file__).parent / "prompts").glob("*.txt")}
