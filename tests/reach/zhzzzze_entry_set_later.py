"""A search helper returns a dict it starts as a literal and then changes: the entry the
prompt reads is what the arms set, not what the literal starts it as."""
from openai import OpenAI

client = OpenAI()


def search(question: str, index: dict) -> tuple[list, dict]:
    report = {"found_by": "exact", "hits": 0}
    hits = index.get(question, [])
    if not hits:
        report["found_by"] = "fuzzy"
        hits = [text for key, text in index.items() if question.lower() in key.lower()]
    report["hits"] = len(hits)
    return hits, report


def answer(question: str, index: dict) -> str:
    hits, report = search(question, index)
    system = (
        f"How the passages were found for this question: {report.get('found_by', 'exact')}.\n"
        "You answer questions about the library's opening hours, loans and fees.\n"
        "Quote the passage you rely on, in full, before you answer, and say which\n"
        "document it comes from. When the passages disagree, say so and give both.\n"
        "When no passage answers the question, say that the library should be asked\n"
        "directly, and give its front-desk number instead of guessing an answer."
    )
    passages = "\n".join(hits)
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": system},
            {"role": "user", "content": f"{passages}\n\nQuestion: {question}"},
        ],
    )
    return reply.choices[0].message.content
