"""A base class that builds its messages with methods each backend implements, and sends
them with another: which backend runs is decided by the application, not here."""
from abc import ABC, abstractmethod


class Assistant(ABC):
    @abstractmethod
    def system_message(self, text): ...

    @abstractmethod
    def user_message(self, text): ...

    @abstractmethod
    def submit(self, messages): ...

    def explain_query(self, question, sql):
        messages = [
            self.system_message(f"You explain SQL to analysts. The analyst asked: {question}\n"
                                "Explain what the query below does in plain words, clause "
                                "by clause, and name every table and column it reads. Say "
                                "which rows it keeps and why. Never run the query, never "
                                "guess at data it would return, and never suggest a "
                                "rewrite unless the analyst asks for one."),
            self.user_message(sql),
        ]
        return self.submit(messages)
