"""A tokenizer_config.json holding dozens of chat templates that each loop for a long time
(issue 22): the file has one work budget, so the first templates that spend it are checked
and the rest are one finding, instead of every template spending a budget of its own."""

from __future__ import annotations

import json

from prefixlint.frontends import chat_template
from prefixlint.tokenizers import load

SLOW = ("{%- for i in range(500) %}{%- for j in range(500) %}{%- endfor %}{%- endfor %}"
        "{%- for message in messages %}<|{{ message['role'] }}|>{{ message['content'] }}\n"
        "{%- endfor %}{%- if add_generation_prompt %}<|assistant|>{%- endif %}")


def test_the_templates_of_one_file_share_one_budget():
    text = json.dumps({"chat_template": [{"name": f"t{i}", "template": SLOW}
                                         for i in range(40)]}, indent=1)
    found = chat_template.config_findings("tokenizer_config.json", text, load)
    assert [(f.code, f.severity) for f in found] == [("PFX900", "info")] * 2
    assert found[0].message.startswith("chat template 't4': the chat template cannot be "
                                       "rendered: RenderLimitError: the chat templates of this "
                                       "file took more than 6,000,000 steps in all")
    assert found[1].message.startswith("35 more chat templates not checked (t5, t6, t7, t8, "
                                       "t9, …): the file's templates took more than 6,000,000 "
                                       "steps in all")


def test_a_file_of_ordinary_templates_is_checked_in_full():
    ordinary = SLOW.replace("range(500)", "range(2)")
    text = json.dumps({"chat_template": [{"name": f"t{i}", "template": ordinary}
                                         for i in range(40)]})
    assert chat_template.config_findings("tokenizer_config.json", text, load) == []
