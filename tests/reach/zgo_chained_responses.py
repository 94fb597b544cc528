"""A chat whose follow-ups chain to the previous response (the provider keeps the turns)."""

from openai import OpenAI

INSTRUCTION = """Answer from the catechism paragraphs the conversation quotes. Quote the paragraph
number of every statement, say when the paragraphs do not answer the question, and never give
personal spiritual direction: suggest speaking with a priest for that. Keep answers under two
hundred words, in the language of the question, with a one-line summary first."""

client = OpenAI()


class Chat:
    def __init__(self) -> None:
        self.last_response_id: str | None = None

    def ask(self, question: str) -> str:
        response = client.responses.create(
            model="gpt-4.1-mini",
            input=[{"role": "system", "content": INSTRUCTION},
                   {"role": "user", "content": question}],
            previous_response_id=self.last_response_id,
        )
        self.last_response_id = response.id
        return response.output_text

    def ask_in_order(self, question: str) -> str:
        response = client.responses.create(
            model="gpt-4.1-mini", instructions=INSTRUCTION, input=question,
            previous_response_id=self.last_response_id)
        self.last_response_id = response.id
        return response.output_text

    def first(self, question: str) -> str:
        return client.responses.create(model="gpt-4.1-mini", instructions=INSTRUCTION,
                                       input=question, previous_response_id=None).output_text
