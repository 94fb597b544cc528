from pathlib import Path

from langchain_core.prompts import PromptTemplate

TRIAGE = PromptTemplate.from_file(Path(__file__).parent / "prompts" / "triage.prompt")
