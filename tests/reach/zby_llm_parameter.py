"""A helper handed any language model object: the prompt goes out by `llm.predict`."""

QUIZ_TEMPLATE = """\
Source material:
{document}

You are a teacher writing a short quiz. Write {num_questions} questions that a student
could answer from the source material alone. Make them varied: one should ask for a fact,
one for a cause or reason, and one for a comparison when the material allows it. Number the
questions, put each on its own line, and do not include the answers.
"""


def quiz_questions(chunks, llm, num_questions=3):
    questions = []
    for chunk in chunks:
        prompt = QUIZ_TEMPLATE.format(document=chunk, num_questions=num_questions)
        questions.extend(str(llm.predict(prompt)).splitlines())
    return questions
