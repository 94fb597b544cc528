"""Default prompt records a project writes to its database on first run and loads again
when a job runs: no code in view reads them, so each text is measured where it stands."""

DEFAULT_PROMPTS = [
    {
        "name": "Release notes",
        "system_prompt": "You write release notes for a software team.",
        "user_prompt_template": """Write release notes for the changes below.

Changes:
{{ changes }}

Follow this layout exactly:
## Highlights
- One line per change a user will notice, most important first.
## Fixes
- One line per fixed bug, naming what used to go wrong.
## Upgrading
- Steps a user must take, or "Nothing to do." when there are none.
Write in the present tense, address the reader as "you", never name an engineer, and keep
every line under twenty words. Leave out internal refactors, test changes and build tweaks.""",
    },
    {
        "name": "One-line summary",
        "system_prompt": "You summarise changes for a busy reader.",
        "user_prompt_template": """Summarise the changes below in one sentence of at most
twenty words, naming the change a user will notice first and nothing else.

Changes:
{{ changes }}""",
    },
]

# Templates of the e-mails a job sends afterwards: text for people, not for a model.
EMAIL_TEMPLATES = [
    {
        "name": "Digest",
        "template_content": """Hello {{ reader.name }},

Here are this week's release notes. Please read them before you upgrade and tell us what
you would like to see next; we read every answer and reply to most of them within a day.""",
    },
]
