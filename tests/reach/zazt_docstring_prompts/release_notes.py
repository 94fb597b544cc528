"""Prompt templates written as docstrings: Outlines renders each one with the arguments."""
import outlines


@outlines.prompt
def release_notes(weeks, changes):
    """Write the release notes for the last {{ weeks }} weeks of work.

    Changes:
    {% for change in changes %}
    - {{ change }}
    {% endfor %}

    Group the notes under New, Fixed and Changed, in that order, and leave out a group with
    nothing in it. Write one line per change in the imperative mood, name the module it
    touches in backticks, and mark anything that breaks an existing setting with **Breaking**.
    Keep version numbers, issue numbers and flag names exactly as the changes spell them,
    never invent a change that is not listed, and end with one sentence that says which
    change matters most to people who upgrade.
    """


@outlines.prompt
def polish(draft):
    """Rewrite these release notes in plain words for people who do not write code. Keep the
    three groups and their order, keep every issue number, and drop backticks.

    Notes:
    {{ draft }}
    """
