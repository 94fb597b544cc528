from openai import OpenAI

client = OpenAI()

REVIEW_RULES = [
    "Check that every claim in the answer is supported by the quoted passage.",
    "Flag numbers that differ from the passage, even by rounding.",
    "Say which sentence is unsupported, quoting it exactly.",
    "Ignore style and tone: only what the answer states matters here.",
    "Give a verdict of pass or fail on the last line, nothing after it.",
]


def review(answer: str) -> str:
    # the rules numbered from a constant list: constant text after the answer
    rules = "\n".join(f"{number + 1}. {rule}" for number, rule in enumerate(REVIEW_RULES))
    reply = client.chat.completions.create(model="gpt-4.1-mini", messages=[
        {"role": "user", "content": f"Answer to review:\n{answer}\n\nRules:\n{rules}"}])
    return reply.choices[0].message.content
