"""Agents given a model object (`llm`) by their caller: `self.llm.ask(...)` runs the
project's client (the most direct `ask`), not another agent's `ask`, which is measured on
its own (the example script's call at import runs it with constants only). The page's URL
is the model's pick: `url = None`, then set in the arm that does not return; a call's
result does not take the scope of the settings passed with it (`temperature=`)."""
import json

from .llm import message

PAGE_RULES = """You answer questions about one web page, given below with its address.
Quote the sentences you rely on, say when the page does not answer the question, and never
add facts that the page does not state. Keep the answer under one hundred words and write it
in the language of the question. When the page is an error page, say so and stop."""


def fetch(url):
    return "page text of " + url


class PageReader:
    def __init__(self, llm, temperature=0.3):
        self.llm = llm
        self.temperature = temperature

    def ask(self, question, url, history=None):
        page = fetch(url)
        prompts = [message("system", f"Page {url}:\n{page}\n\n{PAGE_RULES}")]
        if history is not None:
            prompts.extend(history)
        prompts.append(message("user", question))
        return self.llm.ask(prompts, temperature=self.temperature)


class Researcher:
    def __init__(self, llm, temperature=0.3):
        self.llm = llm
        self.temperature = temperature

    def ask(self, question):
        picked = self.llm.ask([message("user", "Pick one URL for: " + question)],
                              temperature=self.temperature)
        url = None
        found = json.loads(picked)
        if found is not None and "url" in found:
            url = found["url"]
        else:
            return None
        return self.llm.ask([message("user", f"Read {url} first.\n{PAGE_RULES}\n{question}")],
                            temperature=self.temperature)
