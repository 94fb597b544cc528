"""The project's client: a template is piped to the model and invoked with the variables."""
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI


def make_template(system: str, user: str = "{question}") -> ChatPromptTemplate:
    return ChatPromptTemplate.from_messages([("system", system), ("user", user)])


class Client:
    def __init__(self) -> None:
        self.llm = ChatOpenAI(model="llama-3.1-8b-instruct", base_url="http://localhost:8000/v1", api_key="local")

    async def run(self, template: ChatPromptTemplate, variables: dict) -> str:
        chain = template | self.llm
        result = await chain.ainvoke(variables)
        return result.content
