"""A text-to-SQL node: the question's tables go into the system prompt before the rules.
The agent's tools are the project's own functions and one tool a library builds from them:
written in the code, the same on every request."""

from agentkit import make_agent
from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.tools import StructuredTool
from pydantic import BaseModel

from sqlbot.templates import dialect_template
from sqlbot.tools import list_tables, sample_rows

TEXT2SQL_DESCRIPTION = "Turn a question about the warehouse into SQL and run it."


class Text2SqlArgs(BaseModel):
    question: str


def build(llm, dialect: str):
    def write_sql(state):
        system_prompt = dialect_template(dialect).replace("[tables]", state["tables"])
        messages = [SystemMessage(system_prompt)] + list(state["messages"]) + [
            HumanMessage(state["question"])]
        return llm.invoke(messages)

    return write_sql


def analyst(llm, engine):
    def run_sql(question: str) -> str:
        return engine.execute_query(question)

    text2sql = StructuredTool.from_function(func=run_sql, name="text2sql",
                                            description=TEXT2SQL_DESCRIPTION,
                                            args_schema=Text2SqlArgs)
    tools = [list_tables, sample_rows, text2sql]
    return make_agent(model=llm, tools=tools,
                      system_prompt="You answer questions about the warehouse with SQL.")
