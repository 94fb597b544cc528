"""An answerer configured with a dict its caller loaded from a settings file."""
from openai import OpenAI


class Answerer:
    def __init__(self, config: dict):
        self.config = config
        self.client = OpenAI()

    def answer(self, question: str):
        prompt = (f'{self.config["answering"]["prompt_preamble"]}\n'
                  f'Question: {question}\n'
                  f'{self.config["answering"]["prompt_epilogue"]}')
        return self.client.chat.completions.create(
            model=self.config["answering"]["model"],
            messages=[{"role": "system", "content": prompt}])
