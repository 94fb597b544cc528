"""A commit-message prompt written into an `io.StringIO` (`s.write(...)`, then
`s.getvalue()`): the retrieved chunks written first come before the guide every request
shares."""
from io import StringIO

from mistralai import Mistral

client = Mistral(api_key="unused")
GUIDE = ("Write a commit message for the change below. The first line is a summary of at most "
         "seventy characters in the imperative mood, then a blank line, then a body that says "
         "why the change was made, wrapped at seventy-two characters. Do not list files, do "
         "not repeat the diff, and leave out anything the reader can see in the code itself.")


def initial_prompt(diff, context_chunks):
    s = StringIO()
    s.write("Relevant context:\n<context>\n")
    for chunk in context_chunks:
        s.write(chunk)
        s.write("\n")
    s.write("</context>\n")
    s.write(GUIDE)
    s.write("\n<diff>\n")
    s.write(diff)
    s.write("\n</diff>")
    return s.getvalue()


def commit_message(diff, retrieved_chunks):
    reply = client.chat.complete(model="mistral-small-latest", messages=[
        {"role": "user", "content": initial_prompt(diff, retrieved_chunks)}])
    return reply.choices[0].message.content
