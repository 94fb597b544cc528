"""The rules ship in the package (`files("scribe") / "prompts" / name`), their comment lines
dropped and the rest joined again: the same text on every request, whatever the name it is
held by (`prompt`) suggests; the staged diff after them is what varies."""
import subprocess
from importlib import resources

from openai import OpenAI

STYLE = ("\nNever list the files that changed and never describe the diff line by line. Mention "
         "a breaking change on its own line starting with BREAKING:, and name the issue the "
         "change closes when the branch name gives one.")


def get_prompt(name):
    folder = resources.files("scribe") / "prompts"
    lines = (folder / name).read_text().splitlines()
    lines = [line for line in lines if not line.startswith("#")]
    return "\n".join(lines)


def commit_message():
    diff = subprocess.run(["git", "diff", "--cached"], capture_output=True, text=True).stdout
    prompt = get_prompt("rules.txt")
    reply = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": prompt + STYLE}, {"role": "user", "content": diff}])
    return reply.choices[0].message.content
