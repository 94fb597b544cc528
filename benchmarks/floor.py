"""The floor for templates: what the least work that can compare global, user and session
prefixes costs in plain jinja2 and tiktoken, in one process, on the templates of a
repository written by `generate.py`.

    python benchmarks/floor.py OUT

Each template is rendered 4 times (two users, two sessions of one of them) and each render
is tokenized once with o200k_base. prefixlint does more (it finds the value that breaks the
prefix and projects the gain of moving it), so its target is a small multiple of this.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

SAMPLES = (
    {"user": {"name": "Ada", "vip": True}, "today": "2026-12-01", "question": "Refund?",
     "product": "Acme", "docs": [{"text": "Refunds are prorated."}]},
    {"user": {"name": "Ada", "vip": True}, "today": "2026-12-01", "question": "SSO?",
     "product": "Acme", "docs": [{"text": "SSO needs the enterprise plan."}]},
    {"user": {"name": "Grace", "vip": False}, "today": "2026-12-01", "question": "Refund?",
     "product": "Acme", "docs": [{"text": "Refunds are prorated."}]},
    {"user": {"name": "Grace", "vip": False}, "today": "2026-12-02", "question": "Keys?",
     "product": "Acme", "docs": [{"text": "Rotate keys in Settings."}]},
)


def floor(root: Path) -> tuple[float, int, int]:
    """Seconds for 4 renders and 4 encodings of every template under `root/templates`
    (tokenizer loading included), the number of templates and of tokens encoded."""
    start = time.perf_counter()
    import jinja2
    import tiktoken

    encoding = tiktoken.get_encoding("o200k_base")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(root / "templates")))
    names = sorted(p.name for p in (root / "templates").glob("*.j2"))
    tokens = 0
    for name in names:
        template = env.get_template(name)
        for sample in SAMPLES:
            tokens += len(encoding.encode(template.render(**sample)))
    return time.perf_counter() - start, len(names), tokens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    args = parser.parse_args()
    if not (args.root / "templates").is_dir():
        sys.exit(f"error: {args.root} has no templates/ folder (write one with generate.py)")
    seconds, count, tokens = floor(args.root)
    print(f"floor: {seconds:.2f} s for {count:,} templates ({tokens:,} tokens encoded)")


if __name__ == "__main__":
    main()
