"""Hands the crawler's own `chat` to a worker that calls it later."""
from .llm import chat


class Worker:
    def __init__(self, api):
        self.api = api


worker = Worker(api=chat)
