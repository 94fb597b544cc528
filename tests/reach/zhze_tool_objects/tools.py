"""Two tools of the project, each describing itself in its class."""
from langchain.tools import BaseTool


class GlossaryTool(BaseTool):
    name: str = "glossary"
    description: str = "Looks up a term in the team's glossary and returns its definition."

    def _run(self, term: str) -> str:
        return term.upper()


class ShelfTool(BaseTool):
    name: str = "shelf"
    description: str = "Lists the reading-room shelves that hold books on a subject."

    def _run(self, subject: str) -> str:
        return subject.lower()
