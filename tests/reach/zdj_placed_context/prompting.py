"""The answer prompt, built from whatever notes the caller found."""


def answer_prompt(question: str, notes: str) -> str:
    prompt = "You answer questions about the handbook, from the context given.\n"
    prompt += f"\n## Context\n\n{notes}"
    prompt += (
        "\n## Rules\n\nQuote the handbook's own words where you can and name the section each "
        "quote comes from. If the context does not answer the question, say so in one sentence "
        "and suggest who in the company would know. Never invent a policy, a date or a number."
        f"\n\n## Question\n\n{question}"
    )
    return prompt
