"""A demonstration run with a question written out."""
from crew.tutor_crew import TutorCrew


def run() -> None:
    print(TutorCrew().crew().kickoff(inputs={"question": "What is a derivative?"}))
