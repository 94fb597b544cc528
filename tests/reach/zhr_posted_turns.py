"""A stateless chat endpoint: the browser posts the earlier questions and answers with each
new question, and the checker replays them before asking whether the question fits."""
from flask import Flask, request
from openai import OpenAI

app = Flask(__name__)
client = OpenAI()

SCOPE_CHECK = """Decide whether the question below can be answered from the store's catalogue.
Question: {question}

Rules:
- Questions about products, prices, stock, delivery times and returns are in scope.
- Questions about the assistant itself, other shops or personal matters are out of scope.
- A question that is vague but could concern the catalogue is in scope; say what is missing.
- Never invent products, prices or delivery dates that the catalogue does not list.
- Greetings and thanks are in scope and need no catalogue lookup.
Reply with JSON only: {{"in_scope": true or false, "reason": "one short sentence",
"follow_up": "a question to ask the customer, or an empty string"}}
"""


class ScopeChecker:
    def __init__(self, questions: list, answers: list | None) -> None:
        if answers is None:
            self.messages = []
        else:
            self.messages = []
            for asked, answered in zip(questions[:-1], answers):
                self.messages.append({"role": "user", "content": asked})
                self.messages.append({"role": "assistant", "content": answered})

    def check(self, question: str) -> str:
        self.messages.append({"role": "user", "content": SCOPE_CHECK.format(question=question)})
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=self.messages)
        return reply.choices[0].message.content


@app.post("/scope")
def scope():
    body = request.get_json()
    checker = ScopeChecker(body["questions"], body.get("answers"))
    return {"verdict": checker.check(body["questions"][-1])}
