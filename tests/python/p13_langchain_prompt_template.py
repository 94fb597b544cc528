from langchain_core.prompts import PromptTemplate

TEMPLATE = PromptTemplate.from_template("""Context:
{context}

Answer the question using only the context above. Cite the passage you used in brackets, say
"I don't know" when the context does not contain the answer, never invent product names, prices
or limits, and keep the answer under 120 words in plain language.

Question: {question}""")
