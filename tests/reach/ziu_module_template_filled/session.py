"""An alert-writing session: the system prompt is filled once, then the turns follow it."""

import copy
import json
from pathlib import Path

import litellm

from . import templates

MODEL = "gpt-4o-mini"


def _function_specs() -> str:
    specs = json.loads((Path(__file__).parent / "functions.json").read_text())
    return json.dumps(specs, indent=2)


def rule_writer_prompt() -> str:
    return templates.RULE_WRITER_PROMPT.format(
        function_specs=_function_specs(),
        first_example=json.dumps({"name": "metric_labels", "arguments": {"metric": "http_5xx"}}),
        second_example=json.dumps({"name": "run_query", "arguments": {"query": "rate(x[5m])"}}),
    )


class Session:
    def __init__(self) -> None:
        self.turns: list[dict] = []
        self._add("system", rule_writer_prompt())

    def _add(self, role: str, content: str) -> None:
        self.turns.append({"role": role, "content": content})

    def reply(self, text: str) -> str:
        self._add("user", text)
        answer = litellm.completion(model=MODEL, messages=copy.deepcopy(self.turns))
        content = answer.choices[0].message.content
        self._add("assistant", content)
        return content
