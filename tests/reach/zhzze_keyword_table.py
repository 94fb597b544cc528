"""Judge templates kept as the keywords of `dict(...)`, formatted by code elsewhere."""

JUDGE_PROMPTS = dict(
    summary_judge="""Source document:
{document}

You judge summaries written by a model. Score the summary below from one to five on each
of four criteria: coverage of the document's main points, faithfulness (nothing stated that
the document does not say), concision (no repetition, no filler), and fluency. Give each
score on its own line as "criterion: score", then one sentence on the weakest criterion.
Never rewrite the summary, and ignore its formatting unless it makes the text hard to read.

Summary:
{summary}
""",
    title_judge="""Score the title from one to five for how well it names the article.

Title: {title}""",
)
