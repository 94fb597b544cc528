"""Ad copy by language: the deployment's language picks a table of texts, a literal key the
text; the product named first in each is what varies, before the constant rules."""
import json

from openai import OpenAI

from .texts import TEXTS

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")


class Writer:
    def __init__(self, config: dict):
        self.config = config

    def headlines(self, product: str) -> list:
        prompt = TEXTS[self.config["language"]]["WRITING"]["HEADLINE"].format(n=5, product=product)
        return self._ask(prompt)

    def keywords(self, product: str) -> list:
        return self._ask(TEXTS[self.config["language"]]["KEYWORDS"].format(product=product))

    def _ask(self, prompt: str) -> list:
        reply = client.chat.completions.create(model="ads", messages=[
            {"role": "user", "content": prompt}])
        return json.loads(reply.choices[0].message.content)
