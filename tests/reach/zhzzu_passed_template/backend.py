from openai import OpenAI


class CompletionBackend:
    """One user message per call, to whichever chat model the deployment names."""

    def __init__(self, model_name):
        self.client = OpenAI()
        self.model_name = model_name

    def complete(self, prompt):
        messages = [{"role": "user", "content": prompt}]
        reply = self.client.chat.completions.create(model=self.model_name, messages=messages)
        return reply.choices[0].message.content
