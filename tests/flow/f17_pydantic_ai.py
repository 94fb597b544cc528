from datetime import date

from pydantic_ai import Agent

from policy import POLICY

agent = Agent("openai:gpt-4.1", system_prompt="You are the Northwind support assistant.")


@agent.system_prompt
def add_the_date() -> str:
    return f"Today's date is {date.today()}.\n" + POLICY
