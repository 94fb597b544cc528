import os

from crewai.flow import Flow, start
from pydantic import BaseModel

from crews.brief_crew.brief_crew import BriefCrew


class BriefState(BaseModel):
    market: str = (
        "European e-bike market"
    )
    brief: str = ""


class BriefFlow(Flow[BriefState]):
    def __init__(self, notes: str):
        super().__init__()
        self.notes = notes

    @start()
    def write(self):
        inputs = {
            "market": self.state.market,
            "audience": os.getenv("BRIEF_AUDIENCE", "product managers"),
            "notes": self.notes,
        }
        result = BriefCrew().crew().kickoff(inputs=inputs)
        self.state.brief = result.raw
        return result


def run(notes: str):
    return BriefFlow(notes).kickoff()
