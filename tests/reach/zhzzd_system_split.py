"""An Anthropic helper that takes OpenAI-style messages and splits off the system message."""
import anthropic

GRADER = """You grade answers to chemistry homework questions for a teacher. Read the question
and the student's answer, then give a mark out of five: one point each for the right final
value, the right unit, a balanced equation where one is needed, a correct method shown step
by step, and clear writing. Explain each point you took away in one short sentence, quote
the part of the answer it concerns, and never rewrite the answer for the student. End with
the mark alone on the last line, written as "Mark: N/5"."""


def chat(messages, model="claude-sonnet-4-5"):
    system = ""
    if messages[0]["role"] == "system":
        system = messages[0]["content"]
        messages = messages[1:]
    client = anthropic.Anthropic()
    reply = client.messages.create(model=model, max_tokens=500, system=system,
                                   messages=messages)
    return reply.content[0].text


def conversation(question, answer, examples):
    messages = [{"role": "system", "content": GRADER}]
    for example in examples:
        messages.append({"role": "user", "content": example["answer"]})
        messages.append({"role": "assistant", "content": example["mark"]})
    messages.append({"role": "user", "content": f"Question: {question}\n\nAnswer: {answer}"})
    return messages


def grade(question, answer, examples):
    return chat(conversation(question, answer, examples))


def openai_messages(system_prompt, user_prompt):
    return [{"role": "system", "content": system_prompt},
            {"role": "user", "content": user_prompt}]


def regrade(question, answer):
    return chat(openai_messages(GRADER, f"Question: {question}\n\nAnswer: {answer}"))
