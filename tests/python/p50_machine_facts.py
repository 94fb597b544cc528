import platform
import shutil

from openai import OpenAI

from policy import POLICY

client = OpenAI()


def preferred_shell() -> str:
    return "pwsh.exe" if shutil.which("pwsh") else "powershell.exe"


def shell_note() -> str:
    if platform.system() != "Windows":
        note = "Commands run in a POSIX shell."
    elif preferred_shell() == "pwsh.exe":
        note = "Commands run in PowerShell 7."
    else:
        note = "Commands run in Windows PowerShell 5.1."
    return note


def run_command_help(question):
    system = shell_note() + "\n" + POLICY
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system},
        {"role": "user", "content": question}])
