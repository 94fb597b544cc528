"""Which kind of file a name is, from the name alone: a template by its suffix, a settings
file that may hold prompt text. Kept apart from the frontends that read them, so that
listing a project's files (and answering an unchanged run from the result cache) imports
neither Jinja nor the Python frontend."""

from __future__ import annotations

TEMPLATE_SUFFIXES = (".j2", ".jinja", ".jinja2", ".prompty", ".mustache")
# Plain text and Markdown are prompts by where they sit: in a folder of prompts (measured when
# they hold Jinja syntax and read as instructions to a model), or named `*.prompt`.
PROMPT_FILE_SUFFIXES = (".txt", ".md", ".prompt")
PROMPT_FOLDERS = frozenset({"prompts", "prompt", "templates", "template", "prompt_templates"})
CONFIG_SUFFIXES = (".yaml", ".yml", ".toml", ".json", ".jsonl")
# BAML's function declarations, each with a prompt (see `frontends.baml`).
BAML_SUFFIX = ".baml"
# Settings files of tools, never prompt text.
SKIPPED_NAMES = frozenset({"pyproject.toml", "prefixlint.toml", "cargo.toml", "poetry.lock",
                           "pnpm-lock.yaml", ".pre-commit-config.yaml", "docker-compose.yml",
                           "docker-compose.yaml", "mkdocs.yml", "codecov.yml",
                           "package.json", "package-lock.json", "tsconfig.json",
                           "composer.json", "composer.lock", "tokenizer_config.json",
                           "tokenizer.json", "launch.json",
                           "devcontainer.json", "renovate.json", ".eslintrc.json"})


def is_baml_file(name: str) -> bool:
    """A BAML source file, not inside a hidden folder."""
    return name.endswith(BAML_SUFFIX) and \
        not any(part.startswith(".") for part in name.split("/")[:-1])


def is_config_file(name: str) -> bool:
    """A YAML, TOML or JSON file that may hold prompt text (not a known tool's settings,
    not inside a hidden folder)."""
    base = name.rsplit("/", 1)[-1]
    return base.endswith(CONFIG_SUFFIXES) and base.lower() not in SKIPPED_NAMES and \
        not any(part.startswith(".") for part in name.split("/")[:-1])


# Text files that are never prompts, though they may hold braces and the words prompts use.
TEXT_NOT_PROMPTS = ("requirements", "constraints", "license", "licence", "notice", "copying",
                    "authors", "changelog", "changes", "cmakelists", "robots", "readme")


# Plain text that may be a prompt wherever it sits: `.txt`, and `.template` (a game's
# `initial_prompts/answerer.template` that code fills with `.replace("$INSTANCE$", ...)`).
TEXT_SUFFIXES = (".txt", ".template")


def is_text_file(name: str) -> bool:
    """A `.txt` or `.template` file anywhere but in a hidden folder, not one of the files
    every project has (requirements, licence, change log): a prompt when it holds
    placeholders and reads as instructions to a model (a character's system prompt in
    `characters/*.txt`)."""
    base = name.rsplit("/", 1)[-1].lower()
    return base.endswith(TEXT_SUFFIXES) and not base.startswith(TEXT_NOT_PROMPTS) and \
        not any(part.startswith(".") for part in name.split("/")[:-1])


def is_prompt_file(name: str) -> bool:
    """A `.prompt` file, or a `.txt` / `.md` file inside a folder of prompts or templates
    (`app/prompts/review.md`, `metrics/templates/verdicts.txt`), not inside a hidden folder
    other than one named for prompts (`backend/.prompts/summary/3.md`, where a prompt
    library keeps its versions)."""
    base = name.rsplit("/", 1)[-1].lower()
    if not base.endswith(PROMPT_FILE_SUFFIXES):
        return False
    folders = [part.lower() for part in name.split("/")[:-1]]
    if any(part.startswith(".") and part[1:] not in PROMPT_FOLDERS for part in folders):
        return False
    return base.endswith(".prompt") or any(part.lstrip(".") in PROMPT_FOLDERS
                                           for part in folders)
