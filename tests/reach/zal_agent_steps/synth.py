"""A question-answering template: the titles of the filings a user chose, filled here, and
the fields the answering library fills for each question."""

from ragkit import QATemplate


def answer_template(documents):
    titles = "\n".join(f"- {document.title}" for document in documents)
    qa_template_str = f"""You answer questions about the company filings a user selected.
The filings have these titles:
{titles}
Here are passages from those filings, in the order the search ranked them, each with its section:
{{context_str}}
Answer the query from the passages only, quote the section you rely on, and say when they do not answer it.
Query: {{query_str}}
Answer:"""
    return QATemplate(template=qa_template_str)
