"""A grader given a chat by position: the question opens the system message, the answer
transcript is appended, and the grading rules come last; the list goes to a model object of
an installed library, called with the chat alone."""
import json

from evalkit.models import ChatModel, Role


def grade(question: str, transcript: list, grader: ChatModel) -> str:
    messages = [
        {"role": Role.SYSTEM, "content": [{"type": "text", "text": f"The question was:\n\n{question}\n\nThe answers given to it follow."}]},
    ]
    for turn in transcript:
        messages.append({"role": Role.USER, "content": turn.text})
    messages.append(
        {
            "role": Role.USER,
            "content": [
                {
                    "type": "text",
                    "text": """Grade the answers above against the question.
Give one grade from A to F for correctness, one for completeness and one for clarity.
Correctness: every claim must be supported by the question's facts or by common knowledge.
Completeness: every part of the question must be addressed, in the order it was asked.
Clarity: short sentences, no jargon unless the question used it, and numbers with units.
Explain each grade in one sentence, then write the three grades on the last line as GRADES: X Y Z.""",
                }
            ],
        }
    )
    print(json.dumps(messages, default=str))
    return grader(messages).content
