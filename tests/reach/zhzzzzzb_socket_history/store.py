"""The turns a web socket loads once when it connects and keeps for the connection."""
import sqlite3


class Conversations:
    def __init__(self, path):
        self.db = sqlite3.connect(path)

    async def load_history(self):
        rows = self.db.execute("SELECT role, content FROM turns ORDER BY id").fetchall()
        return [{"role": r, "content": c} for r, c in rows]

