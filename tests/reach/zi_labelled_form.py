from langchain_core.prompts import PromptTemplate

# The question and its metadata, each under a short label, with a deploy setting among them:
# what follows each value is labels only, so moving it gains nothing worth an error (info).
QUESTION_FORM = PromptTemplate.from_template(
    template="""<question>
{question}
</question>

<question_metadata>
Version of the product the answer must apply to:
{app_version}

Intents detected in the question by the classifier:
{intents}

Related searches to consider answering as well:
{related}
</question_metadata>
"""
)

# The same kind of form with the reviewer's rules after the values: reported.
REVIEW_FORM = PromptTemplate.from_template(
    template="""<draft>
{draft}
</draft>
Review the draft above as a careful copy editor would. Check every claim against the sources
the author cites, flag sentences longer than forty words, prefer the active voice, keep the
author's terminology, never rewrite a quotation, and list each change with the sentence it
belongs to and the reason for it, most important first. Write for readers of {locale}.
"""
)


def question_text(query):
    return QUESTION_FORM.format(question=query.text, app_version="4.2", intents=query.intents,
                                related=query.related)


def review_text(draft):
    return REVIEW_FORM.format(draft=draft.body, locale="en-GB")
