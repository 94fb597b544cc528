"""A provider that sends the prompts it is given, or builds its own when a caller has none."""
from openai import OpenAI


class Provider:
    def __init__(self):
        self.client = OpenAI()

    def complete(self, content: str, system_prompt: str | None = None,
                 user_prompt: str | None = None) -> str:
        if system_prompt and user_prompt:
            system, user = system_prompt, user_prompt
        else:
            system = f"Summarise this {content[:20]} for a reader in a hurry."
            user = content
        response = self.client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[{"role": "system", "content": system}, {"role": "user", "content": user}])
        return response.choices[0].message.content
