"""A query planner that gives its instructions to a chat object it is handed: the text is
built in the function (an f-string among plain literals, under a name that says nothing of
prompts) and given to the object's `append_system_message`, whose sink is not in view. The
schema chosen for the question opens it; a log line built the same way is no prompt."""
import logging

log = logging.getLogger(__name__)


class Planner:
    def __init__(self, chat, schema: dict):
        self.chat = chat
        self.schema = schema

    def pick_tables(self, question: str) -> str:
        tables = sorted(name for name in self.schema if name in question)
        msg = (
            f"The database holds these tables: {', '.join(tables)}. "
            "Your task is to choose the tables needed to answer the user's question. "
            "Return only the table names, comma-separated, with no other text, no "
            "explanation and no code. Never invent a table that is not listed, and prefer "
            "the fewest tables that answer the question completely. When two tables hold "
            "the same facts, choose the one whose name says so most plainly, and when no "
            "table fits, return the single word none."
        )
        self.chat.append_system_message(msg)
        note = (f"Picking tables for {question!r} among {len(tables)} candidates, "
                "with the planner's default settings.")
        log.info(note)
        return self.chat.query(question)
