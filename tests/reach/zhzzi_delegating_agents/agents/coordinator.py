"""An agent that passes its calls on to the engine it holds, the first message as the
engine's system text."""
from ..engine import ENGINES

DEFAULT_SYSTEM = "You coordinate the reviewing agents and merge their answers into one."


class Coordinator:
    def __init__(self, settings):
        self.engine = ENGINES[settings["engine"]](settings["model"])

    def complete(self, messages):
        if messages[0]["role"] == "system":
            system = messages.pop(0)["content"]
        else:
            system = DEFAULT_SYSTEM
        return self.engine.complete(messages, system=system)
