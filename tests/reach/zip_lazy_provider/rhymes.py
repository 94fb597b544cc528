"""Suggests the next line of a song from the line before it."""
from providers import get_provider

RULES = """Suggest three next lines for the song. Each must rhyme with the last word of the
line above, keep its syllable count within two, and stay in the same person and tense.
Avoid the words 'fire', 'desire' and 'heart' unless the line above uses them. Never repeat
a line the song already has. Answer with the three lines only, one per line, no numbers,
no quotes and no comments before or after them."""


def next_lines(line: str) -> str:
    return get_provider().write_lines(f"Line above: {line}\n\n{RULES}")
