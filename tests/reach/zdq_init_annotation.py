"""A method of an object the constructor was given, known by the parameter's annotation
(`def __init__(self, prompt: TagPrompt)`, then `self._prompt.render(text)`): the prompt it
renders is followed, its task first and the text to tag before the answer's rules."""

from dataclasses import dataclass

from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1")


@dataclass
class TagPrompt:
    task: str

    def render(self, ticket: str) -> str:
        return f"""{self.task}
The ticket to tag:
<ticket>
{ticket}
</ticket>
Answer with one tag from the list you were given, then one sentence on why you chose it.
Never invent a tag, never answer with more than one, and never repeat the ticket back.
When two tags fit equally well, choose the one that sends the ticket to a person sooner.
Answer in this format:
Tag: [the tag]
Why: [one sentence]"""


class Tagger:
    def __init__(self, prompt: TagPrompt):
        self._prompt = prompt

    def tag(self, ticket: str) -> str:
        reply = client.chat.completions.create(
            model="local", messages=[{"role": "user", "content": self._prompt.render(ticket)}])
        return reply.choices[0].message.content
