"""An object holding a model object: the style guide first is stable, the author first
is not."""

from llm.chat_model import ChatModel

STYLE_GUIDE = """Review the draft against the house style guide.
- Use the active voice; cut passive constructions where the actor is known.
- Keep sentences under twenty-five words; split longer ones at a conjunction.
- Spell out numbers below ten; use numerals for 10 and above.
- Prefer plain words: use, not utilise; help, not facilitate; start, not commence.
- Headings are sentence case; no full stop at the end of a heading.
List each violation with its sentence and a corrected version."""


class Editor:
    def __init__(self) -> None:
        self.model = ChatModel(model="gpt-4o-mini")

    def review(self, draft: str) -> str:
        return self.model(STYLE_GUIDE + "\n\nDraft:\n" + draft, system="You are an editor.")

    def review_for(self, author: str, draft: str) -> str:
        return self.model(f"Author: {author}\n\n{STYLE_GUIDE}\n\nDraft:\n{draft}")
