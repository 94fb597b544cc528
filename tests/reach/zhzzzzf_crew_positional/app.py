"""The web app: each student's question kicks the crew off, its inputs given by position."""
from fastapi import FastAPI

from crew.tutor_crew import TutorCrew

app = FastAPI()
tutor = TutorCrew().crew()


@app.post("/ask")
def ask(question: str) -> str:
    inputs = {"question": question}
    return tutor.kickoff(inputs).raw
