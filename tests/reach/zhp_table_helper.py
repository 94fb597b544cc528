from openai import OpenAI

client = OpenAI()

OLD_NAMES = {"swap": "trade", "coins": "funds", "vault": "escrow", "ping": "status check"}
NEW_NAMES = {"offer": "listing", "badge": "reputation", "room": "trade chat"}


def name_examples() -> str:
    # built from the module's own tables: the same text on every request
    old = [f'   - "{k}" -> "{v}"' for k, v in OLD_NAMES.items() if k != v.lower()]
    new = [f'   - "{k}" -> "{v}"' for k, v in NEW_NAMES.items() if k != v.lower()]
    lines: list[str] = []
    for pair in zip(old, new):
        lines.extend(pair)
    lines.extend(old[len(new):] or new[len(old):])
    return "\n".join(lines[:10])


def system_prompt() -> str:
    return f"""You rewrite support questions into search queries for a trading app.
Replace vague words with the app's own terms:
{name_examples()}
Keep the query to one or two sentences. Do not answer the question, do not add advice, and
do not change what the user asks about. Answer with one JSON object holding the keys
rewritten_query and was_rewritten, and nothing else around it."""


def rewrite(history: list[dict], question: str) -> str:
    reply = client.chat.completions.create(model="gpt-4.1-mini", messages=[
        {"role": "system", "content": system_prompt()}, *history,
        {"role": "user", "content": question}])
    return reply.choices[0].message.content
