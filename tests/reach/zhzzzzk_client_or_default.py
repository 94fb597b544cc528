"""A service takes an optional writer and makes its own when none is given
(`writer or Copywriter()`): the default's own `chat` is what sends the prompt, not any
library's, and the product name it puts first in the system text is each request's."""

from openai import OpenAI

BRIEF = """Product: {product}

Write the copy for a product page of an outdoor equipment shop. Start with a headline of at
most eight words, then three short paragraphs: what the product is for, what it is made of,
and how to care for it. Use the second person, plain words and no exclamation marks. Do not
mention prices, discounts or delivery times, which the shop shows elsewhere on the page.
Never claim a certification unless the product notes name it. End with one sentence that
suggests a companion product from the same category, without naming a brand."""


class Copywriter:
    def __init__(self):
        self.client = OpenAI()

    def chat(self, system: str, messages: list[dict]) -> str:
        reply = self.client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "system", "content": system}] + messages)
        return reply.choices[0].message.content


class CatalogueService:
    def __init__(self, writer: "Copywriter | None" = None):
        self.writer = writer or Copywriter()

    def describe(self, product: str, notes: str) -> str:
        return self.writer.chat(system=BRIEF.format(product=product),
                                messages=[{"role": "user", "content": notes}])
