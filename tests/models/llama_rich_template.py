from llama_index.core.prompts import RichPromptTemplate
from llama_index.llms.openai import OpenAI

FOLLOW_UPS = RichPromptTemplate("""The assistant just answered:
{{ answer }}

Suggest three follow-up questions the user could ask next about the same product, one per
line, with no numbering and no quotation marks. Each question must be answerable from the
product documentation alone, must not repeat what the answer already says, and must be
shorter than fifteen words. Prefer questions about setup, limits, pricing tiers, data
retention and integrations, in that order. Write them in the language of the answer, and
never suggest a question about another customer's account, a competitor, or an outage.""")


def follow_ups(answer: str) -> str:
    return OpenAI(model="gpt-4.1-mini").predict(FOLLOW_UPS, answer=answer)
