"""The project's client of a LangChain chat model: the model is made in `__init__` or afresh
with other settings, given the tools, and called inside a retried inner function."""
from langchain_openai import ChatOpenAI


class ModelClient:
    def __init__(self, model="gpt-4o-mini"):
        self.model = model
        self.llm = ChatOpenAI(model=model)

    def _configured(self, temperature=None):
        if temperature is None:
            return self.llm
        return ChatOpenAI(model=self.model, temperature=temperature)

    def _with_retries(self, call, attempts=3):
        for attempt in range(attempts):
            try:
                return call()
            except TimeoutError:
                if attempt == attempts - 1:
                    raise

    def complete(self, messages, tools, temperature=None):
        llm = self._configured(temperature).bind_tools(tools)

        def _call():
            return llm.invoke(messages)

        return self._with_retries(_call)
