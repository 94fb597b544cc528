"""A search step: the case report goes in before the constant list of search commands."""

from openai import OpenAI

from .thread import CaseThread

client = OpenAI()

SEARCH_COMMANDS = """Choose the searches that would find the code behind the case above.

Available commands, one per line, with concrete arguments:
- find_class(name): the definition of a class anywhere in the project.
- find_function(name): the definition of a function anywhere in the project.
- find_in_file(text, path): every line of one file that contains the text.
- show_lines(path, first, last): the lines of a file between two line numbers.
Ask for at most five searches at a time, never repeat a search already answered, and stop
asking once the faulty function is found."""


def run_case_search(case_report: str, rounds: int = 3):
    thread = CaseThread()
    thread.add_system("You locate faults in a code base.")
    thread.add_user(case_report)
    thread.add_user(SEARCH_COMMANDS)
    for _ in range(rounds):
        reply = client.chat.completions.create(model="gpt-4.1", messages=thread.as_messages())
        thread.add_model(reply.choices[0].message.content)
