"""A grader that fills a configured template, then adds its answer rules to the last message."""
from transport import send

ANSWER_RULES = """Reason step by step before you answer, and check each step against the
rubric. Do not state the verdict first. When you are done, print exactly one of {choices}
on a line of its own, with no quotes and no punctuation, and nothing after that line. If
the rubric does not cover the case, choose the closest verdict and say why in one sentence."""


async def grade(template, case):
    prompt = template.format(question=case.question, answer=case.answer)
    if isinstance(prompt, str):
        prompt = [{"role": "user", "content": prompt}]
    prompt[-1]["content"] += "\n\n" + ANSWER_RULES.format(choices="PASS, FAIL")
    return await send(model="judge", messages=prompt, temperature=0)
