from chemistry_helpers import count_llm_tokens
from tutor_kit.llm import query_llm


async def explain(formula: str, student_level: str) -> str:
    # a function its name says asks a language model, from a package not in view: the
    # instructions it is given first, the formula after them
    return await query_llm(
        f"""You explain chemical formulas to {student_level} students.

Name every element in the formula and how many atoms of it there are. Say whether the
compound is ionic or covalent and why, in one sentence. Give one everyday place where the
compound is found. Never use equations the student has not asked for, and keep the whole
answer under one hundred words.""",
        formula,
    )


def budget(formula: str) -> int:
    # counts tokens: not a model call, whatever text it is given
    return count_llm_tokens(f"""Explain {formula} to a student in one hundred words,
naming every element, the number of atoms, the kind of bond and one everyday use, and
never using equations the student has not asked for.""")
