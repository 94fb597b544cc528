"""A prompt written as a lambda and called with keywords: the question the request brings
is put in at the top of the lambda's text, before the schema rules."""

from openai import OpenAI

client = OpenAI()


def schema_for(question: str, others: list[str]) -> str:
    build = lambda focus, rest: f"""Design a knowledge graph schema for the question: {focus}
Keep in mind the related questions: {", ".join(rest)}.
Entities are abstract concepts (a person, a company, a drug), relations are verbs or verbal
phrases (works for, treats, owns). Describe every entity and relation in one sentence with
an example, write every name in lower case with spaces between words, and never use
underscores or camelCase. Answer with one JSON object with the keys "entities", "relations"
and "patterns", and nothing else."""
    prompt = build(focus=question, rest=others)
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
