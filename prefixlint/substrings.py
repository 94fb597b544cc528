"""Whether a text contains any of many words as a substring, in one pass over the text.

`any(word in text for word in words)` searches the text once per word: a `check` of a
folder of 1,000 templates asked it of each of a project's 2,000 Python modules (which of them
name one of the templates), two million searches. The words are merged into one pattern
shaped as their prefix tree, so each place in the text is tried against the words that can
start there, in C; the answers are those of the searches one by one.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

# Below this many words the plain searches cost less than compiling a pattern.
MIN_WORDS = 16


def contains_any(words: Iterable[str]) -> Callable[[str], bool]:
    """A test of whether a text contains one of `words` (as `in` finds it)."""
    words = sorted(set(words))
    if len(words) < MIN_WORDS:
        return lambda text: any(word in text for word in words)
    try:
        search = re.compile(_tree_pattern(words)).search
    except (RecursionError, re.error):  # a very long word nests past the parser's depth
        return lambda text: any(word in text for word in words)
    return lambda text: search(text) is not None


def _tree_pattern(words: list[str]) -> str:
    """A pattern matching where any of `words` starts: their prefix tree, a branch where
    words part. A word ending where a longer one goes on is enough to match there."""
    tree: dict = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict) -> str:
        if "" in node:
            return ""
        arms = [re.escape(char) + pattern(child) for char, child in sorted(node.items())]
        return arms[0] if len(arms) == 1 else "(?:" + "|".join(arms) + ")"

    return pattern(tree)
