"""The narrator's settings: a YAML file the operator names, written from these defaults."""
import os

import yaml
from pydantic import BaseModel


class NarratorSettings(BaseModel):
    system_prompt: str = """You are the narrator of a fantasy tabletop campaign. Keep the
tone warm and a little mysterious, never break character, and never speak for the players'
characters. Describe places with one detail for each of three senses, keep non-player
characters consistent with what they said before, and end every reply with a question to
the players. Refuse politely anything unrelated to the game."""
    model: str = "gpt-4o"


def load_settings():
    with open(os.environ["NARRATOR_SETTINGS"], encoding="utf-8") as handle:
        return NarratorSettings(**yaml.safe_load(handle))
