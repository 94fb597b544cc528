from crewai import Agent, Crew, Task


def triage(ticket_text: str) -> str:
    # the ticket at the end of the goal: CrewAI's answer-format instructions still follow it
    lead = Agent(
        role="Support triage lead",
        backstory="You have sorted support tickets for a payments company for six years.",
        goal=f"Decide which team owns this ticket and how urgent it is: {ticket_text}",
    )
    work = Task(description="Route the ticket.", expected_output="A team and a priority.",
                agent=lead)
    return Crew(agents=[lead], tasks=[work]).kickoff().raw
