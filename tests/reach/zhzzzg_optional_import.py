"""A dream journal that runs without LangChain installed: the classes are None until imported."""
LANGCHAIN_OK = True
ChatOpenAI = None
PromptTemplate = None

try:
    from langchain_core.prompts import PromptTemplate as _PromptTemplate
    from langchain_openai import ChatOpenAI as _ChatOpenAI

    PromptTemplate = _PromptTemplate
    ChatOpenAI = _ChatOpenAI
except ImportError:
    LANGCHAIN_OK = False


def interpreter_chain():
    if not LANGCHAIN_OK:
        return None
    llm = ChatOpenAI(model="gpt-4o-mini", temperature=0.7)
    template = PromptTemplate(
        input_variables=["dream", "mood"],
        template="""You read dreams with care, drawing on symbolic psychology and narrative therapy.

DREAM:
{dream}

MOOD WHEN WAKING:
{mood}

Answer in four parts:
1. A short symbolic summary of the dream, told as a story in two or three sentences.
2. The main symbols, emotions and actions, each with what it may express.
3. An overall reading: what the dream may be working through, without predictions.
4. One reflection or question the dreamer can take into the day.
Do not diagnose, do not predict the future, and say so plainly if the dream is too short to read.
""",
    )
    return template | llm


def interpret(dream: str, mood: str) -> str:
    chain = interpreter_chain()
    return chain.invoke({"dream": dream, "mood": mood}).content
