"""A prompt a caller may override, else a default written in place (`if not prompt:`), with
the year put in by an f-string part and the question by `.format`; sent as a message object
without a role (the user's) through a model object of a library not in view."""

from datetime import datetime

from llmkit import ChatModel, Message


def this_year():
    return datetime.now().strftime("%Y")


async def keyword_searches(question, count, template=None):
    prompt = ""
    if isinstance(template, str) and "{question}" in template:
        prompt = template.replace("{year}", this_year())
    if not prompt:
        prompt = (
            "We want to answer this question: {question}\n"
            "Give {count} keyword searches, one per line, each with a range of years, that"
            " would find papers to answer it. Do not use boolean operators, do not repeat a"
            " search with the same keywords, and make some searches broad and some narrow."
            f" The current year is {this_year()}."
        )
    model = ChatModel(name="small")
    reply = await model.call_single(messages=[Message(content=prompt.format(
        question=question, count=count))])
    return reply.text.splitlines()
