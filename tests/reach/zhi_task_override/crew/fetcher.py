from .base import BaseAgent, Task


class FetchAgent(BaseAgent):
    def task_prompt(self, task: Task) -> str:
        return (
            f"Execute this task: {task.goal}\n\n"
            "RULES:\n"
            "- Inspect every candidate dataset before choosing one of them.\n"
            "- Prefer the dataset whose time range covers the whole request.\n"
            "- If a fetch returns mostly missing values, skip that parameter and try another.\n"
            "- After every fetch succeeds, stop at once and do not describe the data.\n"
            "- Return the stored label and the number of points as one short line of text.\n"
        )
