"""Templates found in the package's folder unless the deployment names another; the values
passed in one mapping (`render(context)`), and the text kept even when empty (`or ""`). Only
the string to translate varies per request, and the product notes come from settings: the
prompt is fine. The second prompt puts the string before the rules."""

import os

from jinja2 import Environment, FileSystemLoader
from openai import OpenAI

from locale_bot.settings import settings


class Translator:
    def __init__(self) -> None:
        self.client = OpenAI()
        here = os.path.dirname(os.path.abspath(__file__))
        folder = os.path.join(here, "templates")
        if custom := settings.get("template_folder"):
            folder = custom
        self.env = Environment(loader=FileSystemLoader(folder))

    def build(self, source: str, where: str) -> str:
        template = self.env.get_template("translate.jinja")
        context = {"product_notes": settings.get("product_notes"),
                   "languages": settings.get("languages"), "source": source, "where": where}
        prompt = template.render(context) or ""
        return prompt

    def translate(self, source: str, where: str) -> str:
        prompt = self.build(source, where)
        response = self.client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}])
        return response.choices[0].message.content

    def review(self, source: str, translated: str) -> str:
        response = self.client.chat.completions.create(model="gpt-4o", messages=[
            {"role": "user", "content": f"Original: {source}\nTranslation: {translated}\n"
             "Check the translation of this interface string. Say whether the meaning is "
             "kept, whether every placeholder survived unchanged, and whether the length "
             "still fits a button; answer with a JSON object with the keys meaning, "
             "placeholders, length and verdict, and quote the words you would change. Judge "
             "the tone as well: a button speaks to the user, a message reports to them."}])
        return response.choices[0].message.content
