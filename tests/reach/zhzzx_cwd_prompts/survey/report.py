from survey.files import load_prompt
from survey.model import ask


def survey(notes):
    prompt = load_prompt("habitat.md").format(notes=notes)
    return ask("You are a field ecologist.", prompt)
