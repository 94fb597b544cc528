"""The project's prompt class: it keeps the texts; a generator elsewhere formats them."""


class PromptTemplate:
    def __init__(self, user_prompt, system_prompt=""):
        self.user_prompt, self.system_prompt = user_prompt, system_prompt
