"""Writes a commit message for the staged changes: the system text, made once per day, opens
with the date, so the day's requests share only what comes before it."""
import datetime
import subprocess

from conversation import Conversation

SYSTEM = ("Today is {today}. You write commit messages for this repository. The first line says "
          "what changed in at most seventy characters, in the imperative; then a blank line; "
          "then why, wrapped at seventy-two characters. Never list the files, never describe "
          "the diff line by line, and never invent an issue number the branch does not name.")
RULES = ("Write the commit message for the changes above. Start with the summary line, then the "
         "reason for the change. Mention a breaking change on its own line starting with "
         "BREAKING:, and name the issue the change closes when the branch name gives one.")


def main(api_key):
    diff = subprocess.run(["git", "diff", "--cached"], capture_output=True, text=True).stdout
    conversation = Conversation(api_key=api_key, model="codestral-latest",
                                system_prompt=SYSTEM.format(today=datetime.date.today()))
    conversation.add_message(f"<diff>\n{diff}\n</diff>\n" + RULES)
    reply = conversation.send(tool_choice="none")
    return reply.choices[0].message.content
