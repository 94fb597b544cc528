"""The bot's database: its statements run by sqlite3 objects, whatever their names."""

import sqlite3
from contextlib import contextmanager
from typing import Generator


class Store:
    def __init__(self, path):
        self.path = path

    @contextmanager
    def connection(self) -> Generator[sqlite3.Connection, None, None]:
        conn = sqlite3.connect(self.path)
        try:
            yield conn
        finally:
            conn.close()

    def last_seen(self, node):
        with self.connection() as conn:
            cursor = conn.cursor()
            cursor.execute(node)
            return cursor.fetchone()

    def prune(self, conn: sqlite3.Connection, statement):
        conn.execute(statement)

    def migrate(self, db, table):
        db.execute("BEGIN IMMEDIATE")
        db.execute(f"""
            CREATE TABLE IF NOT EXISTS {table} (node TEXT, seen REAL)""")
        db.execute("""
            SELECT node, seen FROM """ + table)


def dispatch(commands, message):
    for command in commands:
        command.execute(message)
