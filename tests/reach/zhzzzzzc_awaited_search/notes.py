"""Notes found by an awaited search of the question (`found = await index.search(question)`)
listed before the rules: what the search returns varies with the question."""
from openai import AsyncOpenAI

from index import NoteIndex

client = AsyncOpenAI()
RULES = ("You answer questions about the user's own notes. Quote the note you rely on, say when "
         "the notes do not cover the question, and never add facts that are not in a note. Keep "
         "the answer under one hundred words, and end with the titles of the notes you used, one "
         "per line, so the user can open them. If two notes disagree, say which one is newer.")


async def answer(question):
    index = NoteIndex("notes.db")
    found = await index.search(question)
    system = "Notes:\n" + "\n".join(f"- {n.text}" for n in found) + "\n\n" + RULES
    return await client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
