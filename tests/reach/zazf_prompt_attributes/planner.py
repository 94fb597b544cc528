import datetime

from openai import OpenAI

from book import PromptBook


class Planner:
    def __init__(self):
        self.client = OpenAI()
        self.prompts = PromptBook()

    def plan(self, task: str) -> str:
        today = datetime.date.today().isoformat()
        messages = [
            {"role": "system", "content": self.prompts.planner_system},
            {"role": "user", "content": self.prompts.planner_user.format(today, task)},
        ]
        reply = self.client.chat.completions.create(model="gpt-4o", messages=messages)
        return reply.choices[0].message.content
