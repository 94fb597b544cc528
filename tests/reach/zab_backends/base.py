"""The agent's model interface: the deployment configures which backend implements it."""


class BaseLLM:
    def complete_text(self, prompt):
        raise NotImplementedError
