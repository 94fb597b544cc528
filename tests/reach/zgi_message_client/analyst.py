"""An analyst agent that asks the wrapped model about one user at a time."""

from chat_model import ChatModel

COMMANDS = """You can use four commands, one per line:
(1) UserInfo[id] returns the profile of the user with that id.
(2) ItemInfo[id] returns the attributes of the item with that id.
(3) UserHistory[id, k] returns the last k items the user rated.
(4) Finish[summary] ends the analysis with a summary of the user's preferences.
Think about which command gives the most information before you issue it."""


class Analyst:
    def __init__(self) -> None:
        self.model = ChatModel()

    def analyse(self, user_id: int) -> str:
        return self.model(f"Analyse the preferences of user {user_id}.\n{COMMANDS}")

    def summarize(self, notes: str) -> str:
        return self.model.complete(f"{COMMANDS}\nSummarize these notes:\n{notes}")
