OUTLINE_PROMPT = """Write the outline of a literature survey on {topic}.

Requirements:
1. Open with a section that defines the field and the questions the survey answers.
2. Group the papers by the method they use, not by the year they appeared.
3. Give every section a one-sentence summary under its heading.
4. Close with open problems, each tied to at least one section above.
5. Use at most seven top-level sections and three levels of headings.
Return the outline as Markdown headings and summaries only, with no preamble."""
