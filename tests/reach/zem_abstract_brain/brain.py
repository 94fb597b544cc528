from abc import ABC, abstractmethod


class Brain(ABC):
    @abstractmethod
    def think(self, messages: list):
        """Answer a chat."""
