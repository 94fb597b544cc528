from crewai import Agent, Crew, Task
from crewai.project import CrewBase, agent, crew, task


@CrewBase
class TriageCrew:
    agents_config = "config/agents.yaml"

    @agent
    def triage_engineer(self) -> Agent:
        return Agent(config=self.agents_config["triage_engineer"])

    @task
    def triage(self) -> Task:
        return Task(description="Triage the incident.", expected_output="A root cause.",
                    agent=self.triage_engineer())

    @crew
    def crew(self) -> Crew:
        return Crew(agents=self.agents, tasks=self.tasks)


def handle(alerts: list[str]) -> str:
    return TriageCrew().crew().kickoff(inputs={"alerts": "\n".join(alerts)}).raw
