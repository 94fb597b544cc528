"""The campaign's state, saved as JSON between sessions of the game."""
import json
from typing import Dict, List

from pydantic import BaseModel


class Campaign(BaseModel):
    party: List[str] = []
    quests: Dict[str, str] = {}
    location: str = "the village of Oakford"


def load_campaign(path):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
        return Campaign(**data)
