"""A reviewer whose engine the settings pick from the registry: `self.engine.complete(...)`
runs an engine's `complete`, not the coordinator's method of the same name, which only
passes its call on to the engine it holds."""
from ..engine import ENGINES

RULES = """Check the change for correctness first, then for tests that cover it, then for
naming and comments. Quote the exact line you comment on, give one concrete suggestion per
comment, and mark each comment as blocking or optional. Do not restate what the change does,
do not comment on formatting a linter would catch, and end with a one-line verdict:
approve, approve with comments, or request changes."""


class Reviewer:
    def __init__(self, settings):
        self.engine = ENGINES[settings["engine"]](settings["model"])
        self.memory = [("system", RULES)]

    def review(self, diff: str) -> str:
        messages = [{"role": role, "content": text} for role, text in self.memory]
        messages.append({"role": "user", "content": f"Review this change:\n{diff}"})
        answer = self.engine.complete(messages)
        self.memory += [("user", diff), ("assistant", answer)]
        return answer
