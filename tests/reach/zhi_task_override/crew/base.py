from google import genai

client = genai.Client()


class Task:
    def __init__(self, goal: str) -> None:
        self.goal = goal


class BaseAgent:
    """Runs one task in a fresh chat; subclasses shape the task prompt."""

    model = "gemini-2.5-flash"

    def task_prompt(self, task: Task) -> str:
        return f"Execute this task: {task.goal}\nReturn a short answer."

    def execute(self, task: Task) -> str:
        chat = client.chats.create(model=self.model)
        prompt = self.task_prompt(task)
        return chat.send_message(prompt).text
