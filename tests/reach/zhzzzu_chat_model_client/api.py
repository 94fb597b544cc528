"""The desk's chat endpoint: retrieved documents are put into the system prompt of every
request, ahead of the desk's fixed rules and the whole session."""
from langchain_anthropic import ChatAnthropic
from langchain_core.prompts import PromptTemplate

from .agent import DESK_PROMPT, DeskAgent
from .client import ModelClient


def chat(session, question, search, tools):
    documents = "\n\n".join(search(question))
    system_prompt = DESK_PROMPT.format(reference=f"Reference documents:\n{documents}")
    agent = DeskAgent(ModelClient(), tools)
    return agent.answer(session["turns"], system_prompt)


def title(question):
    reply = ChatAnthropic(model="claude-haiku-4-5").invoke(
        "Write a title of at most six words for this question. Answer with the title alone, "
        f"without quotes.\n\nQuestion: {question}")
    return reply.content


RECAP = PromptTemplate.from_template(
    "Write a recap of the support thread below for the engineer who takes it over: what was "
    "asked, what was tried, and what is still open, in three short paragraphs.\n\n{thread}")


def recap(thread):
    return ChatAnthropic(model="claude-haiku-4-5").invoke(RECAP.format(thread=thread)).content
