"""Rows of a list passed in, each written out with labels around its fields, after the day:
the labels repeat with every row, so they are part of the rows, not constant text the
requests share. Only a short tail follows them in the system message."""
from datetime import date

from openai import OpenAI

from rules_text import RULES


def pick_tables(question: str, tables: list[dict]) -> str:
    listing = ""
    for table in tables:
        listing += (f"<table name>{table['name']}</table name>\n"
                    f"<what the table holds, in the words of its owner>{table['purpose']}"
                    "</what the table holds, in the words of its owner>\n"
                    f"<the columns it carries and what each means to an analyst>"
                    f"{table['columns']}</the columns it carries and what each means to an "
                    "analyst>\n")
    system = (f"{RULES}\nToday is {date.today():%A %d %B %Y}.\n"
              f"Tables:\n{listing}\nAnswer with the table names.")
    reply = OpenAI().chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
    return reply.choices[0].message.content
