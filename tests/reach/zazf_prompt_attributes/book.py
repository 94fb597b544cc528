import yaml

NAMES = ["planner_system", "planner_user"]


class PromptBook:
    """Named prompts, read from prompts.yaml into attributes."""

    def __init__(self, path: str = "prompts.yaml"):
        with open(path, encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
        for name in NAMES:
            setattr(self, name, data[name])
