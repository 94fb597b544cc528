import os

HERE = os.getcwd()


def load_prompt(name):
    path = os.path.join(HERE, "prompts", name)
    with open(path, encoding="utf-8") as handle:
        return handle.read()
