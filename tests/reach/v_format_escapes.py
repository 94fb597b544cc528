"""Prompt constants with no sink in view, written as `str.format` templates: one shows a JSON
answer in escaped braces (`{{ }}` is a brace, not a Jinja expression), one is joined from
literals and f-strings of other constants, with the retrieved context on top."""

REFUSAL = "I cannot answer from these sources"
CITATION_RULES = (
    "Cite every claim with the key of its source in parentheses, like (doc-12).\n"
    "Never merge two keys in one pair of parentheses; never invent a key.\n"
    "Quote numbers exactly as the source gives them, with their units."
)

summary_prompt = (
    "Summarize the excerpt below for a reader who will combine many such summaries.\n"
    "Answer in this JSON format:\n\n"
    '{{\n  "summary": "...",\n  "relevance": 0-10\n}}\n\n'
    "where summary has at most {summary_length} words and relevance scores how much the "
    "excerpt helps with the question. Leave the summary empty when it does not help."
)

answer_prompt = (
    "Answer the question with the context.\n\n"
    "Context:\n\n{context}\n\n"
    "Write a precise answer for an expert reader. When the context is not enough, reply "
    f'"{REFUSAL}." and nothing else. Prefer the newest source when two disagree.\n\n'
    f"{CITATION_RULES}\n\n"
    "Keep the answer under two hundred words, with short sentences and no headings.\n\n"
    "Question: {question}\n"
)
