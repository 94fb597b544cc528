"""A Semantic Kernel plugin whose function the model calls with the length it wants."""
from openai import OpenAI
from semantic_kernel.functions import kernel_function

client = OpenAI()

RULES = """Keep every decision and who made it, with the date it takes effect.
Keep every open question, and who promised to answer it by when.
Drop greetings, jokes, and anything said twice.
Write in the past tense, third person, in plain sentences without headings.
Never add an opinion or a recommendation that nobody in the meeting made."""


class NotesPlugin:
    @kernel_function(description="Rewrites meeting notes for people who missed the meeting.")
    def rewrite(self, notes: str, max_words: int = 120) -> str:
        prompt = f"Rewrite these notes in at most {max_words} words.\n{RULES}\n\nNotes:\n{notes}"
        response = client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
        return response.choices[0].message.content
