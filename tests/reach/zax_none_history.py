"""A helper that starts a new conversation when it is given none (`history=None`, replaced by
`[]` in its body): a caller passing None sends no history, so its long form is constant up to
the paper at the end; a caller passing a conversation puts it before the form."""
from openai import OpenAI

client = OpenAI()

REVIEWER = "You are a careful, fair reviewer for a machine learning conference."

REVIEW_FORM = """Review the paper below. Give a summary in three sentences, then its strengths
and its weaknesses as short lists. Rate soundness, presentation and contribution from 1 to 4,
and give an overall score from 1 to 10 with your confidence from 1 to 5. Flag any claim the
experiments do not support, any missing baseline, and any result that a reader could not
reproduce from the text alone. Answer in the JSON schema of the conference's review form,
with one key per score and the summary, strengths and weaknesses as strings."""


def ask(prompt: str, system: str, history=None, model: str = "gpt-4.1"):
    if history is None:
        history = []
    messages = [{"role": "system", "content": system}] + history + [
        {"role": "user", "content": prompt}]
    reply = client.chat.completions.create(model=model, messages=messages)
    return reply.choices[0].message.content


def review(paper: str):
    return ask(REVIEW_FORM + "\n\nHere is the paper:\n" + paper, system=REVIEWER,
               history=None)


def review_again(paper: str, conversation: list):
    return ask(REVIEW_FORM + "\n\nHere is the paper:\n" + paper, system=REVIEWER,
               history=conversation)
