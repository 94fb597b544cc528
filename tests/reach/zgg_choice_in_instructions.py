"""A request's fields first, then numbered instructions with choices made in the text
(`{"..." if request.formal else "..."}`): a choice is instructions too, not a value whose
label the text around it is."""

from fastapi import FastAPI
from openai import OpenAI
from pydantic import BaseModel

app = FastAPI()
client = OpenAI()


class ReleaseRequest(BaseModel):
    version: str
    changes: str
    audience: str
    formal: bool
    brief: bool


@app.post("/release-notes")
def release_notes(request: ReleaseRequest) -> str:
    prompt = f"""Write release notes for version {request.version}.

Changes:
{request.changes}

Please:
1. Group the changes into features, fixes and deprecations
2. {"Write in a formal register" if request.formal else "Write in a friendly register"}
3. Mark every breaking change with a warning line
4. {"Keep it under two hundred words" if request.brief else "Explain each change fully"}
5. Never invent a change that is not in the list
6. Write for {request.audience}"""
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
