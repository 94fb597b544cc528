"""A client that copies each message it is given into the parts it joins (`for message in
messages: parts.append(message)`), after making one text a list: the caller's list is read."""

from string import Template

from openai import OpenAI

RULES = """Generate three to ten search queries. Cover methodological, theoretical and practical
aspects; vary the terminology; mix broad and specific questions; return JSON with a queries
list whose items have text, type and aspect keys. Never repeat a query or add commentary."""

SUMMARY = Template("""<document>$document</document>

Summarize the document above for a grant reviewer in five bullet points: the aim, the method,
the preliminary results, the budget and the risks. Quote figures exactly, name no person, and
say "not stated" for any of the five the document leaves out.""")

client = OpenAI()


def complete(*, system_prompt: str, messages: str | list[str]) -> str:
    if not isinstance(messages, list):
        messages = [messages]
    parts = []
    for message in messages:
        if isinstance(message, str):
            parts.append(message)
        else:
            parts.append(str(message))
    reply = client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "system", "content": system_prompt},
        {"role": "user", "content": "\n".join(parts)}])
    return reply.choices[0].message.content


def search_queries(user_prompt: str, notes: str | None = None) -> str:
    messages = [f"<request>{user_prompt}</request>\n\n{RULES}"]
    if notes:
        messages.append(notes)
    return complete(system_prompt="You write search queries.", messages=messages)


def summarize(document: str) -> str:
    text = SUMMARY.substitute(document=document)  # one text, made a list by the client
    return complete(system_prompt="You summarize proposals.", messages=text)
