"""Chat models by provider, with the explorer's tools bound."""


def tool_model(provider: str):
    from langchain.chat_models import init_chat_model

    return init_chat_model(provider).bind_tools([])
