"""A release helper that asks command-line LLM tools, each run as a subprocess."""
import asyncio
import shutil
import subprocess

CLAUDE_BIN = shutil.which("claude") or "claude"
STYLE = ("You write release notes for engineers. Group the changes under Added, Changed and "
         "Fixed, one line each, in the past tense, and link every line to its pull request.")
RULES = """Follow these rules for every line you write:
1. Name the module a change touches before what the change does.
2. Leave out changes to tests, continuous integration and formatting.
3. Mark a change that breaks compatibility with the word BREAKING in capitals.
4. Never invent a pull request number; write "no PR" when the log names none.
5. Keep each line under twenty words, and end it without a full stop.
"""


def release_notes(log: str) -> str:
    prompt = f"Here is the git log since the last tag:\n{log}\n{RULES}"
    done = subprocess.run([CLAUDE_BIN, "-p", prompt, "--append-system-prompt", STYLE,
                           "--output-format", "text"], capture_output=True, text=True)
    return done.stdout


async def headline(version: str) -> str:
    process = await asyncio.create_subprocess_exec(
        "gemini", "--model", "gemini-2.5-flash", "-p",
        f"{RULES}\nWrite a one-line headline for release {version}.",
        stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate()
    return out.decode()


def migration_guide(diff: str) -> str:
    return subprocess.check_output(["codex", "exec", "--sandbox", "read-only", "-"],
                                   input=f"{diff}\n\nWrite a migration guide for the change "
                                         "above.\n" + RULES, text=True)


def tweet(version: str) -> str:
    return subprocess.check_output(["llm", "-m", "gpt-4.1-mini", "-s", STYLE,
                                    f"Announce release {version} in one sentence."], text=True)


def triage(issue: str) -> str:
    process = subprocess.Popen(["ollama", "run", "qwen3:8b"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    out, _ = process.communicate(input=f"{RULES}\nLabel this issue as bug or feature:\n{issue}")
    return out


def tag(version: str) -> None:
    subprocess.run(["git", "tag", version], check=True)
