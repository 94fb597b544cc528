"""Prompt builders whose f-string is trimmed as it is returned (`.strip()`, `dedent`): the
text is the prompt, its request values measured where they stand (the model that sends it is
handed in a dict of models, not in view)."""
from textwrap import dedent


def build_plan_prompt(user_input: str, preview: str) -> str:
    return f"""
    You are the planner of an assistant for reading academic papers.

    ### User input
    "{user_input}"

    ### Paper preview
    {preview}

    ## Capabilities
    - pdf.summarize: a summary of the whole paper or of one section
    - pdf.extract: the text of a page range
    - equations: each equation of a section, rendered as LaTeX
    - layout: the figures and tables of a page, with their captions

    ## Output
    Answer with one action per line, as `capability: argument`, and nothing else. Prefer
    one action when one is enough, and never plan an action the user did not ask for.
    """.strip()


def build_review_prompt(question: str) -> str:
    return dedent(f"""
        Review the plan below for the question: {question}

        Check that every action names a capability from the list, that no two actions do
        the same work, that the order reads the paper before it summarises it, and that the
        plan answers the question rather than the paper in general. Answer "ok" when the
        plan passes every check, else list each failed check on its own line with the
        action it concerns, and suggest the one change that fixes it.
        """)


async def plan(user_input: str, preview: str, models: dict) -> str:
    planner = models["planner"]
    reply = planner.invoke(build_plan_prompt(user_input=user_input, preview=preview))
    return str(reply.content)
