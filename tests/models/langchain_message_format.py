from langchain_core.prompts import (ChatPromptTemplate, HumanMessagePromptTemplate,
                                    MessagesPlaceholder, SystemMessagePromptTemplate)

SYSTEM = """You are Ledger, the bookkeeping assistant of {product}, speaking in a {tone} tone.
Running on {model_name}. You are helping {customer_name} today.
Answer questions about invoices, receipts and expense reports. Quote amounts exactly as they
appear in the documents, with their currency, and never round them. When a question needs a
document the user has not shared, say which one and stop. Keep answers under six sentences,
use a table when comparing more than two amounts, and end with the next step the user should
take. Never give tax advice; point the user to their accountant instead."""


class Assistant:
    product = "Tallyhouse"
    tone = "plain"

    def __init__(self, model_name: str):
        self.model_name = model_name

    def prompt(self, customer_name: str) -> ChatPromptTemplate:
        product = self.__class__.product  # class attributes: fixed by the code
        return ChatPromptTemplate.from_messages([
            SystemMessagePromptTemplate.from_template(SYSTEM).format(
                product=product, tone=type(self).tone, model_name=self.model_name,
                customer_name=customer_name),
            MessagesPlaceholder(variable_name="history"),
            HumanMessagePromptTemplate.from_template("{question}"),
        ])
