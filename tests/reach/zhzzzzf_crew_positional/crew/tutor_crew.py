from crewai import Agent, Crew, Task
from crewai.project import CrewBase, agent, crew, task


@CrewBase
class TutorCrew:
    agents_config = "config/agents.yaml"
    tasks_config = "config/tasks.yaml"

    @agent
    def tutor(self) -> Agent:
        return Agent(config=self.agents_config["tutor"])

    @task
    def answer_question(self) -> Task:
        return Task(config=self.tasks_config["answer_question"])

    @crew
    def crew(self) -> Crew:
        return Crew(agents=self.agents, tasks=self.tasks)
