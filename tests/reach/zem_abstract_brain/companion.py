"""A companion whose reply is made by whichever brain it is given (`Brain` is abstract)."""
from langchain.schema import HumanMessage, SystemMessage

from brain import Brain

PERSONA = """You are Mika, a cheerful companion who chats with one person in the evenings.
Speak casually, keep replies under three sentences, ask a question back now and then, and
never claim to be an AI model. You remember what the person told you and refer to it when it
fits. Avoid lists, headings and emoji unless the person uses them first."""


class Companion:
    def __init__(self, brain: Brain, store):
        self.brain = brain
        self.store = store
        self.persona = SystemMessage(content=PERSONA)
        self.history: list = []

    def reply(self, text: str) -> str:
        context = self.store.search(text)
        messages = [self.persona]
        messages.append(SystemMessage(content=f"Things the person told you before: {context}"))
        messages.extend(self.history)
        messages.append(HumanMessage(content=text))
        answer = self.brain.think(messages)
        self.history.append(HumanMessage(content=text))
        return answer
