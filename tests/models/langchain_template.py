from langchain_core.prompts import PromptTemplate

REVIEW = PromptTemplate(
    template="""Reviewer on duty: {reviewer_name}.
You review pull requests for a payments service. Check that every change keeps amounts in
integer cents, that every new endpoint is authenticated, and that logs never contain card
numbers or secrets. List blocking problems first, then suggestions, each with the file and
line. Be brief and concrete, and never approve a change that lacks tests.
Diff:
{diff}""",
    input_variables=["reviewer_name", "diff"],
)
