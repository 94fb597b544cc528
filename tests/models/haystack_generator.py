from haystack.components.generators.chat import OpenAIChatGenerator
from haystack.dataclasses import ChatMessage
from haystack_integrations.components.generators.ollama import OllamaGenerator

from policy import POLICY


class ReportWriter:
    """A generator made in `__init__`, its `run` given the whole prompt string: the request
    flattened to text comes first, the fixed instructions after it."""

    def __init__(self, url):
        self.generator = OllamaGenerator(model="report-model", url=url)

    def write(self, request):
        prompt = f"Request: {request.text}\n\n" + POLICY
        return self.generator.run(prompt)["replies"][0]


def answer(question, documents):
    """A chat generator with ChatMessage.from_system / from_user: the documents last."""
    chat = OpenAIChatGenerator(model="gpt-4o-mini")
    messages = [ChatMessage.from_system(POLICY),
                ChatMessage.from_user(f"Documents:\n{documents}\n\nQuestion: {question}")]
    return chat.run(messages=messages)["replies"][0].text
