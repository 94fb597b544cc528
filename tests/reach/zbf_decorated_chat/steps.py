"""Steps sent through magentic's decorators: the arguments a decorated function is called
with fill the templates its decorator was given."""
from datetime import datetime

from magentic import SystemMessage, UserMessage, chatprompt, prompt

from .texts import ANSWERER, PLANNER


@prompt(PLANNER + "Question: {question}")
def plan(question: str) -> str: ...


def answer(sub_question: str) -> str:
    stamp = datetime.now().isoformat(timespec="seconds")
    messages = [SystemMessage(ANSWERER), UserMessage("{sub_question}")]

    @chatprompt(*messages)
    def _answer(sub_question: str, current_datetime: str) -> str: ...

    return _answer(sub_question=sub_question, current_datetime=stamp)
