"""Prompt text an object keeps from its constructor, formatted by another method and handed
to the project's own event, whose sender is not in view."""
from dataclasses import dataclass


@dataclass
class Call:
    prompt: str
    history: list


class Summarizer:
    def __init__(self, bus):
        self.bus = bus
        self.summary_prompt = """Summarize the text below, keeping what helps answer the question:

        {question}

        If the text does not answer the question, summarize the whole text instead. Return only
        the summary: no greeting, no mention of these instructions, no phrases such as
        "according to the text". Keep file names in square brackets before the facts taken
        from each file, and keep numbers and dates exactly as they are written.

        Text to summarize:
        {content}
        """

    def summarize(self, question, content, history):
        prompt = self.summary_prompt.format(question=question.strip(), content=content)
        return self.bus.dispatch(Call(prompt=prompt, history=history))
