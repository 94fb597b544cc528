"""The template comes in by a parameter whose default is the prompt text, and `.partial`
fills it: the clock's value at the top is what breaks the prefix."""
from datetime import datetime

from langchain.prompts import ChatPromptTemplate, MessagesPlaceholder, PromptTemplate, \
    SystemMessagePromptTemplate

from .texts import HOUSE_RULES, SYSTEM_TEMPLATE, TONE


class ServerPrompt(ChatPromptTemplate):
    @classmethod
    def build(cls, channel_notes: str, template: str = SYSTEM_TEMPLATE) -> ChatPromptTemplate:
        system = PromptTemplate(
            template=template,
            input_variables=["stamp", "house_rules", "tone", "channel_notes"])
        filled = system.partial(stamp=datetime.now().strftime("%H:%M"), house_rules=HOUSE_RULES,
                                tone=TONE, channel_notes=channel_notes)
        return cls.from_messages([SystemMessagePromptTemplate(prompt=filled),
                                  MessagesPlaceholder(variable_name="history")])
