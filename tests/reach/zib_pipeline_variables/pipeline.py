"""The project's pipeline: each step is a system and a human template piped to the model;
`run` hands every step the same dict of variables."""
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI


class Pipeline:
    def __init__(self, model: str) -> None:
        self.llm = ChatOpenAI(model=model, base_url="http://localhost:8000/v1", api_key="local")
        self.steps = []

    def add_step(self, system_prompt: str, human_prompt: str) -> None:
        prompt = ChatPromptTemplate.from_messages(
            [("system", system_prompt), ("human", human_prompt)])
        self.steps.append(prompt | self.llm)

    def run(self, variables: dict) -> list:
        return [step.invoke(variables) for step in self.steps]
