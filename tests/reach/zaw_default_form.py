"""A review prompt whose form comes in by a parameter with a constant default: no caller in
view passes another, so the form is that constant text and the paper, last, is the only value."""
from openai import OpenAI

client = OpenAI()

REVIEW_FORM = """Review the paper below as a reviewer of a machine learning conference.
Give a summary in three sentences, then its strengths and its weaknesses as short lists.
Rate soundness, presentation and contribution from 1 to 4, and give an overall score from 1
to 10 with your confidence from 1 to 5. Flag any claim the experiments do not support, any
missing baseline, and any result that a reader could not reproduce from the text alone."""


def review(paper: str, form: str = REVIEW_FORM, model: str = "gpt-4.1"):
    prompt = form + "\n\nHere is the paper you are asked to review:\n" + paper
    return client.chat.completions.create(model=model, messages=[
        {"role": "system", "content": "You are a careful, fair reviewer."},
        {"role": "user", "content": prompt}])
