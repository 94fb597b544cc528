from langchain_core.prompts import ChatPromptTemplate

from settings import load_prompts

prompts = load_prompts()


async def greet(state, llm):
    prompt = prompts.get("greeting_template", "")
    prompt = ChatPromptTemplate.from_messages([("system", prompt), ("placeholder", "{messages}")])
    return await (prompt | llm).ainvoke(state)


async def returns(state, llm):
    prompt = ChatPromptTemplate.from_messages(
        [("system", prompts["returns_template"]), ("placeholder", "{messages}")])
    return await (prompt | llm).ainvoke(state)
