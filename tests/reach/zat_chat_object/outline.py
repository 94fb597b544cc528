"""Prompts held by the project's chat template objects; the client that sends them is chosen
at run time, so each chat is measured where it is written."""
from .chat_template import ChatTemplate

outline_template = ChatTemplate(
    template=[
        ("system", "You are an editor who turns long documents into outlines."),
        ("user", """
The document below is called {title}.

{document}

Write an outline of the document above:
1. One line per section, in the order the sections appear, numbered 1, 2, 3 and so on.
2. Under each section, at most three bullet points with its main claims, each under fifteen words.
3. Keep the document's own terms; do not explain them and do not add anything it does not say.
4. Mark a section that only repeats an earlier one with "(repeat)" and give it no bullets.
5. End with one line that names the document's single most important claim.
""".strip()),
    ],
    input_variables=["title", "document"],
)

polish_template = ChatTemplate(
    template=[
        ("system", """You polish outlines. Keep the numbering, shorten every bullet to ten words or
fewer, fix grammar and spelling, and never add a section, a bullet or a claim of your own."""),
        ("user", "Outline to polish:\n{outline}"),
    ],
    input_variables=["outline"],
)
