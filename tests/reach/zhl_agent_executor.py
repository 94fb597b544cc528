from langchain.agents import AgentExecutor, create_tool_calling_agent
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_openai import ChatOpenAI

SYSTEM = "You pick clothes from the user's wardrobe with the tools you are given."


def task_text(city: str, temperature: float, occasion: str) -> str:
    return (f"Weather in {city}: {temperature} degrees.\nOccasion: {occasion}\n\n"
            "Find a top, a bottom and shoes that suit this weather and occasion. Search the "
            "wardrobe by material and warmth first, then by style. Prefer items worn less "
            "often this month, never pick two items of the same colour family, and explain "
            "each choice in one short sentence. Answer as a list of three lines.")


class WardrobeAdvisor:
    def __init__(self, tools) -> None:
        self.llm = ChatOpenAI(model="gpt-4o-mini")
        self.tools = tools
        self.executor = self._make_executor()

    def _make_executor(self) -> AgentExecutor:
        prompt = ChatPromptTemplate.from_messages([
            ("system", SYSTEM),
            ("user", "{input}"),
            MessagesPlaceholder(variable_name="agent_scratchpad"),
        ])
        agent = create_tool_calling_agent(self.llm, self.tools, prompt)
        return AgentExecutor(agent=agent, tools=self.tools)

    def advise(self, city: str, temperature: float, occasion: str) -> str:
        text = task_text(city, temperature, occasion)
        return self.executor.invoke({"input": text})["output"]
