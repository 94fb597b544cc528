from crewai import Agent, Task

from policy import POLICY

researcher = Agent(
    role="{topic} Senior Data Researcher",
    goal="Uncover cutting-edge developments in {topic}",
    backstory=POLICY,
)

report = Task(
    description="Review the findings about {topic} and write the report.\n" + POLICY,
    expected_output="A report of ten bullet points.",
    agent=researcher,
)
