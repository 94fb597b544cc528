from openai import OpenAI

from policy import POLICY

client = OpenAI()


class BaseAssistant:
    def system_prompt(self) -> str:
        return POLICY


class AccountAssistant(BaseAssistant):
    def __init__(self, account) -> None:
        self.account = account

    def system_prompt(self) -> str:
        return f"Account owner: {self.account.owner}\n" + super().system_prompt()

    def ask(self, question):
        return client.chat.completions.create(model="gpt-4.1", messages=[
            {"role": "system", "content": self.system_prompt()},
            {"role": "user", "content": question}])
