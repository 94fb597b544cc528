from langchain_core.messages import HumanMessage
from langchain_openai import ChatOpenAI

from .kinds import ReplyKind
from .schema_text import with_schema

llm = ChatOpenAI(model="gpt-4o-mini")


def explain_damage(question: str) -> str:
    base_prompt = f"""The user asks: {question}
Answer as a friendly repair assistant: say what probably happened and what it may cost, but
give no step-by-step instructions here; keep it to three sentences."""
    reply = llm.invoke([HumanMessage(content=with_schema(base_prompt, ReplyKind.CONVERSATION))])
    return reply.content
