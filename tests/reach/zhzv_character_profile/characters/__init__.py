from .kai import kai
from .mira import mira

CHARACTERS = {"mira": mira, "kai": kai}


def get_character(character_id: str):
    return CHARACTERS.get(character_id)
