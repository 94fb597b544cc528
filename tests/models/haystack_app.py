from haystack.components.builders import PromptBuilder

TEMPLATE = """Today's date: {{ current_date }}.
Answer the question using only the documents below. Quote the document you rely on and say
plainly when the documents do not answer the question. Never guess at numbers, dates or
names, and keep the answer under six sentences. Reply in the language of the question.
Documents:
{% for doc in documents %}{{ doc.content }}
{% endfor %}
Question: {{ question }}
Answer:"""

builder = PromptBuilder(template=TEMPLATE)
