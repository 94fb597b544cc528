"""A tool the support agent calls to summarise a ticket thread for another team, as long as
that team wants it: the model picks the length on each call."""
from langchain.chains import LLMChain
from langchain.prompts import PromptTemplate
from langchain.tools import tool
from langchain_openai import ChatOpenAI

SUMMARY = """Write the summary in at most {max_words} words.
Keep the customer's own words for the problem, quoted once.
List what support already tried, in the order it was tried.
Name the product area, the plan the customer is on and how long the issue has lasted.
End with the single question the receiving team must answer to move the ticket on.
Never include the customer's email address, phone number or payment details.

Thread:
{thread}
"""


@tool
def summarise_for_team(thread: str, max_words: int = 150) -> str:
    """Summarise a ticket thread for the team that takes it over."""
    prompt = PromptTemplate(input_variables=["max_words", "thread"], template=SUMMARY)
    chain = LLMChain(prompt=prompt, llm=ChatOpenAI(model="gpt-4o-mini"))
    return chain.run(max_words=max_words, thread=thread)
