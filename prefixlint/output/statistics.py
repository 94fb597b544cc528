"""`--statistics`: how many findings of each code, as ruff prints them."""

from __future__ import annotations

import json
from collections import Counter

from ..rules import catalogue


def render(result, as_json: bool = False) -> str:
    counts = Counter(f.code for f in result.findings)
    rules = catalogue()
    rows = [{"code": code, "name": rules[code].name, "count": counts[code]}
            for code in sorted(counts, key=lambda c: (-counts[c], c))]
    if as_json:
        return json.dumps(rows, indent=2) + "\n"
    width = max((len(str(r["count"])) for r in rows), default=1)
    return "".join(f"{str(r['count']).rjust(width)}\t{r['code']}\t{r['name']}\n" for r in rows)
