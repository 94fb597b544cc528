import os

PROMPT_DIR = os.path.join(os.path.dirname(__file__), "prompts")


def load_agent_prompt(agent_name: str) -> str:
    # the file named after the agent: "Trip Planner" -> prompts/trip_planner.md
    filename = agent_name.lower().replace(" ", "_") + ".md"
    with open(os.path.join(PROMPT_DIR, filename)) as handle:
        return handle.read()
