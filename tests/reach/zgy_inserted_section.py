from anthropic import Anthropic

client = Anthropic()


def system_prompt(user_note: str) -> str:
    sections = [
        "You are a sleep coach inside a habit-tracking app.",
        "",
        "WHAT YOU KNOW: the user's bedtimes and wake times for the last two weeks.",
        "WHAT YOU DO: suggest one small change at a time and explain why it helps.",
        "STYLE: warm and brief, two short paragraphs at most, no medical claims.",
        "SAFETY: when the user mentions breathing pauses or chest pain, suggest seeing a doctor.",
        "FORMAT: end every answer with one question about how the last change went.",
    ]
    if user_note:
        sections.insert(2, f"USER NOTE: {user_note}")
    return "\n".join(sections)


def coach(user_note: str, messages: list) -> str:
    reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300,
                                   system=system_prompt(user_note), messages=messages)
    return reply.content[0].text
