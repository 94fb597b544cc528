"""The summary step's prompt and the format it shows, both constant."""

SUMMARY_SHAPE = """{"summary": "<two sentences>", "methods": ["<method>", "..."]}"""

SUMMARY_SYSTEM = """You summarise the abstract of a research paper for a reading list.
Write two sentences: the question the paper asks and what it found. Then list the methods
the authors used, as short noun phrases, in the order the abstract names them.
Answer in this JSON format and nothing else:
{SUMMARY_SHAPE}
Never add a method the abstract does not name, never judge the paper's quality, and keep
every phrase under eight words. When the abstract is not about research, return an empty
summary and an empty list. Spell out every abbreviation the first time you use it, write
numbers as the abstract writes them, and keep the authors' own names for their methods
(a named model or dataset stays as it is written). Do not cite other papers and do not
mention the journal, the year or the authors in the summary."""
