"""A template object a library class makes from constant text (`${name}` fields), filled by a
method given the values by name (`.to_string(user_prompt=...)`)."""

from openai import OpenAI
from prompt_template import PromptTemplate

QUERIES_PROMPT = PromptTemplate(
    name="search_queries",
    template="""Generate three to ten search queries for a vector store.

<request>${user_prompt}</request>

Requirements:
- Cover methodological, theoretical and practical aspects of the request.
- Vary the terminology: use synonyms and related terms across the queries.
- Mix broad concepts with specific details, and factual with procedural questions.
- Return JSON with a "queries" list; each query has "text", "type" and "aspect" keys.
""")

client = OpenAI()


def search_queries(user_prompt: str) -> str:
    text = QUERIES_PROMPT.to_string(user_prompt=user_prompt)
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": text}])
    return reply.choices[0].message.content
