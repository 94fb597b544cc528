"""The project's client: a setting picks the class that sends, one per `if` arm. Only the
basic one calls the model here; the call runs whichever the arm chose, so the prompts passed
to `chat` are followed into it."""
import anthropic

from .settings import EDITION


class BasicModel:
    def complete(self, system: str, question: str) -> str:
        reply = anthropic.Anthropic().messages.create(
            model="claude-haiku-4-5", max_tokens=1500, system=system,
            messages=[{"role": "user", "content": question}])
        return reply.content[0].text


class HostedModel:
    def complete(self, system: str, question: str) -> str:
        return ""  # the hosted edition answers from its own gateway, not in this project


def chat(system: str, question: str) -> str:
    if EDITION == "basic":
        model = BasicModel()
    else:
        model = HostedModel()
    return model.complete(system, question)
