from agno.agent import Agent
from agno.models.openai import OpenAIChat
from agno.team import Team

# With agentic memory, Agno writes what it remembers of the user at the end of the system
# message, then the instructions for its memory tool: the user's memories come before that
# constant text (the instructions below stay shared).
coach = Agent(
    model=OpenAIChat(id="gpt-4o-mini"),
    description="You are a running coach who plans a week of training at a time.",
    instructions=["Ask about the runner's last long run before planning.",
                  "Keep easy runs easy: conversational pace, no watch targets."],
    enable_agentic_memory=True,
)

# A team writes the user's memories before its description and instructions (Agno 1 to
# 2.1), so every rule below comes after a value of the user's.
kitchen = Team(
    members=[coach],
    description="You plan meals around the runner's training week.",
    instructions="""Plan breakfast, lunch and dinner for each day of the week. Put the
largest meal of carbohydrates on the evening before the long run, and a light breakfast two
hours before any hard session. Keep each recipe under thirty minutes, list the shopping in
one table grouped by aisle, and reuse leftovers at least twice a week. Avoid anything the
runner has said they dislike, and offer one swap for every dish with fish or nuts.""",
    enable_user_memories=True,
)
