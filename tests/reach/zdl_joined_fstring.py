"""A system prompt written as literals joined in parentheses, one line an f-string with the
reader's level in it, returned to code not in view: its value is where the prefix ends."""


def summary_prompts(level: str, paper: str) -> tuple[str, str]:
    system_prompt = (
        "You summarise research papers for readers outside the field.\n"
        f"- The reader's level is {level}; write for that level.\n"
        "- Open with the question the paper asks and why it matters.\n"
        "- Then give the method in plain words, naming every dataset it uses.\n"
        "- Then the main result, with its numbers exactly as the paper gives them.\n"
        "- Close with the limits the authors admit and one they do not.\n"
        "Answer in Markdown with the headings Question, Method, Result and Limits, and keep "
        "the whole summary under three hundred words.\n"
    )
    user_prompt = f"Paper:\n{paper}"
    return user_prompt, system_prompt
