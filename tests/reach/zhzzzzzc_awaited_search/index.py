"""A note index searched per question."""
import sqlite3


class NoteIndex:
    def __init__(self, path):
        self.db = sqlite3.connect(path)

    async def search(self, words):
        return self.db.execute("SELECT text FROM notes WHERE text LIKE ?", (f"%{words}%",)).fetchall()
