"""A project's own chat template class: messages as (role, text) pairs, filled later."""
from dataclasses import dataclass, field


@dataclass
class ChatTemplate:
    template: list
    input_variables: list = field(default_factory=list)

    def format(self, **values) -> list:
        return [{"role": role, "content": text.format(**values)} for role, text in self.template]
