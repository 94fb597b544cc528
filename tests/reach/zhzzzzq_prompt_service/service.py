"""Prompt files of the shop, loaded by name and filled by key."""

import os
import pathlib


class PromptService:
    FOLDER = pathlib.Path(__file__).parent / "prompts"

    def load(self, name: str) -> str:
        filename = pathlib.Path(name).with_suffix(".txt").name
        with open(os.path.join(self.FOLDER, filename), encoding="utf-8") as handle:
            return handle.read()

    def render(self, prompt: str, data: dict) -> str:
        rendered = prompt
        for key, value in data.items():
            rendered = rendered.replace("{" + key + "}", str(value))
        return rendered
