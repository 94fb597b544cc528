"""F: the graph node reads the prompt from the settings object and fills it per request."""
from langchain_core.prompts import ChatPromptTemplate

from settings_app.configuration import Settings


async def answer(state, config):
    settings = Settings.from_config(config)
    template = ChatPromptTemplate.from_messages(
        [("system", settings.answer_system), ("placeholder", "{messages}")])
    return await template.ainvoke({"messages": state.messages,
                                   "notes": "\n".join(state.search_results)})
