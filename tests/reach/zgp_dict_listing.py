"""A system prompt listing the entries of a constant table (`for key in LABELS`,
`LABELS.values()`): the same lines on every request, so the question after it breaks nothing."""

from openai import OpenAI

GRAPH_LABELS: dict[str, str] = {
    "containment": "room and space containment",
    "topology": "adjacency, proximity and topology between elements",
    "systems": "systems, serving relations, classifications and zones",
}
SQL_LABELS = {
    "counts": "counts, lists and aggregates over class, level and type",
    "properties": "property lookups on elements named by their identifiers",
}
RULES = """Route the question to 'graph' when it needs relations between building elements
and to 'sql' when a deterministic query over the element table answers it. Answer with one
JSON object holding "route" and a one-sentence "reason"; never answer the question itself."""

client = OpenAI()


def capability_block() -> str:
    graph = "\n".join(f"- {GRAPH_LABELS[key]}" for key in GRAPH_LABELS)
    sql = "\n".join(f"- {label}" for label in SQL_LABELS.values())
    return f"Graph-first categories:\n{graph}\nSQL-safe categories:\n{sql}\n\n{RULES}"


def route(question: str) -> str:
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": capability_block()},
        {"role": "user", "content": question}])
    return reply.choices[0].message.content
