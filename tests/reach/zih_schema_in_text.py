"""A game master's system message: rules read from a file, then the answer shapes as JSON.

The shapes tell the model how to write its reply ("{day} with {hours} hours left"); the code
writes them out with json.dumps, so their braces are the JSON's text, never fields a later
fill replaces: the whole message is the same for every player.
"""
import json
import os

RULES_FOLDER = "rules"

ANSWER_SHAPES = {
    "day": {
        "use": "When time passes in a way the player can measure. Always use after an action.",
        "description": (
            "Use this shape to give the day of the week and the hours left in it. Each day"
            " begins with twelve hours; never start the next day before the player sleeps."
        ),
        "variables": {
            "day": "Monday to Sunday",
            "hours": "hours left in the day, a whole number from 0 to 12",
            "quip": "a short remark about the time left, fewer than six words",
        },
        "format": "~DAY~ {day}, {hours} hours left. {quip} ~DAY~",
    },
    "item": {
        "use": "When the player finds, uses or loses an item.",
        "description": (
            "Use this shape for an item and its state. Broken items stay in the inventory"
            " until the player throws them away."
        ),
        "variables": {
            "item": "the item's name",
            "state": "new, worn or broken",
        },
        "format": "~ITEM~ {item} ({state}) ~ITEM~",
    },
}


class NarratorSystemMessage:
    def with_shapes(system_message: str, turn: int = 0):
        with open(os.path.join(RULES_FOLDER, "rules.txt")) as f:
            system_message = f.read()
            full_system_message = f"{system_message}\n\n{json.dumps(ANSWER_SHAPES, separators=(',', ':'))}"
        return full_system_message
