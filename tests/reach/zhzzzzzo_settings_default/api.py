"""A chain factory whose one parameter is the settings object, made by its default
(`settings: Settings = get_settings()`): no caller passes one, so the system text is the
field's default, whose first words name the audience each request asks for."""
from fastapi import FastAPI
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI

from settings import Settings, get_settings

app = FastAPI()


def summary_chain(settings: Settings = get_settings()):
    prompt = ChatPromptTemplate.from_messages([("system", settings.summary_prompt),
                                               ("human", "{notes}")])
    return prompt | ChatOpenAI(model="gpt-4o-mini")


@app.post("/summary")
def summary(notes: str, audience: str):
    return summary_chain().invoke({"audience": audience, "notes": notes}).content
