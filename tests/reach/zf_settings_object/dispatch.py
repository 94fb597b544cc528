"""A dispatcher whose prompts live in a settings file read by a settings object (its loader
not in view), rendered as Jinja with a copy of a mapping kept on the instance."""

import copy
from datetime import datetime

from dynaconf import Dynaconf
from jinja2 import Environment
from openai import OpenAI

client = OpenAI(base_url="http://vllm.internal:8000/v1", api_key="unused")
settings = Dynaconf(settings_files=["settings/prompts.toml"])


def get_settings():
    return settings


class Dispatcher:
    def __init__(self, shift_start: str) -> None:
        self.values = {"shift_start": shift_start, "clock": datetime.now().strftime("%H:%M")}

    def dispatch(self, ticket: str) -> str:
        variables = copy.deepcopy(self.values)
        variables["ticket"] = ticket
        environment = Environment()
        system = environment.from_string(get_settings().ticket_prompt.system).render(variables)
        user = environment.from_string(get_settings().ticket_prompt.user).render(variables)
        reply = client.chat.completions.create(model="shop-8b", messages=[
            {"role": "system", "content": system}, {"role": "user", "content": user}])
        return reply.choices[0].message.content
