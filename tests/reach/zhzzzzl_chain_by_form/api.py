"""The form that starts a rehearsal: the trainee picks the counterpart's part."""

import uuid

from fastapi import FastAPI, Form

from .practice import Rehearsal

app = FastAPI()
rehearsals: dict[str, Rehearsal] = {}


@app.post("/rehearsals")
def start(role: str = Form(...)) -> dict:
    session_id = uuid.uuid4().hex
    rehearsals[session_id] = Rehearsal(role=role, session_id=session_id)
    return {"session_id": session_id}


@app.post("/rehearsals/{session_id}/moves")
def move(session_id: str, text: str = Form(...)) -> dict:
    return {"reply": rehearsals[session_id].counter_move(text)}
