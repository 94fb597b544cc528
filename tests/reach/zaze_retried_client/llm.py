"""The project's client: each call is retried by an inner function that reads the outer
method's parameters (a closure), so the outer method is the client its callers use."""
from openai import OpenAI
from tenacity import retry, stop_after_attempt


class LLM:
    def __init__(self):
        self.openai = OpenAI()

    def complete(self, *, prompt: str, system_prompt: str):
        @retry(stop=stop_after_attempt(3))
        def _attempt():
            messages = [{"role": "system", "content": system_prompt},
                        {"role": "user", "content": prompt}]
            return self.openai.chat.completions.create(model="gpt-4.1", messages=messages)

        return _attempt().choices[0].message.content
