"""The one-pass test of many words: the answer of `any(word in text for word in words)` on
every text, in one search of the text (what picks a check's readers of 1,000 templates)."""

from __future__ import annotations

import re

import pytest

from prefixlint import substrings
from prefixlint.substrings import contains_any

# Template stems as projects name them: prefixes of one another, regex characters, dots,
# non-Latin letters, a long name.
_WORDS = ["t0001", "t00012", "t0", "header", "head", "a.b", "(x)", "a+b", "[0-9]", "^start",
          "end$", "日本語", "prompt-v2", "system_prompt", "x" * 300, "tab\there", "back\\slash",
          "?", "*", "|", "{2}"]
_TEXTS = ["", "nothing here", "env.get_template('t0001.j2')", "uses t0 only", "a+b=c",
          "ab", "the [0-9] class", "0-9", "heade", "hea der", "日本", "日本語の文",
          "prompt-v", "x" * 299, "x" * 300, "tab here", "back\\slash", "ok?", "a|b", "{2}",
          "^star", "end", "system prompt", "(x", "t000"]


@pytest.mark.parametrize("count", [1, 5, substrings.MIN_WORDS, len(_WORDS)])
def test_the_answer_is_any_word_in_the_text(count):
    words = _WORDS[:count]
    mentions = contains_any(words)
    for text in _TEXTS + [w + "!" for w in _WORDS] + ["<" + w[1:] for w in _WORDS]:
        assert mentions(text) == any(word in text for word in words), (words, text)


def test_an_empty_word_is_in_every_text_and_no_words_in_none():
    assert contains_any(_WORDS + [""])("")
    assert contains_any(_WORDS + [""])("anything")
    assert not contains_any([])("anything")


def test_many_words_are_one_search_of_the_text(monkeypatch):
    """1,000 template stems: one pattern search per text, not one `in` per stem."""
    searched = []
    compiled = re.compile

    def counting(pattern, *args):
        found = compiled(pattern, *args)

        class Counted:
            def search(self, text):
                searched.append(text)
                return found.search(text)

        return Counted()

    monkeypatch.setattr(substrings.re, "compile", counting)
    stems = [f"t{i:04d}" for i in range(1000)] + ["header"]
    mentions = contains_any(stems)
    texts = ['env.get_template("t0042.j2")', "import os\n" * 50, "the header"]
    assert [mentions(t) for t in texts] == [True, False, True]
    assert searched == texts
