"""`prefixlint models`: the library models known to a run, as a table or as JSON."""

from __future__ import annotations


def as_dicts(models) -> list[dict]:
    """Every model with the keys of its file (keys may be added, never renamed)."""
    return [{"id": m.id, "library": m.library, "lowering": m.lowering,
             "chains": list(m.chains), "qualified": list(m.qualified),
             "arguments": [list(p) for p in m.arguments], "body": [list(p) for p in m.body],
             "requires": list(m.requires), "after": list(m.after),
             "placeholders": bool(m.placeholders), "bases": list(m.bases),
             "decorators": list(m.decorators), "origin": m.origin,
             # how the fields are written: `str.format`'s, or a state name in any braces
             "placeholder_style": m.placeholders if isinstance(m.placeholders, str) else
             "format" if m.placeholders else "",
             "defaults": [list(p) for p in m.defaults],
             "batched": m.batched, "programs": list(m.programs), "options": list(m.options),
             "positionals": m.positionals, "turns": m.turns} for m in models]


def as_text(models) -> str:
    """One line a sink: its id, how it is matched, and its arguments' roles in order."""
    lines = []
    width = max([13, *(len(m.lowering) for m in models)])
    for m in models:
        matched = ", ".join(dict.fromkeys([*m.chains, *m.qualified, *m.bases,
                                           *(f"@<agent>.{d}" for d in m.decorators)]))
        if m.programs:  # a command line: the program it runs, by any of the calls
            matched = f"{' or '.join(m.programs)} run by {matched}"
        roles = ", ".join(f"{a}={r}" for a, r in (m.body or m.arguments))
        extra = f" then {'+'.join(m.after)}" if m.after else ""
        needs = f" (with {' or '.join(m.requires)}=)" if m.requires else ""
        lines.append(f"{m.id:36} {m.lowering:{width}} {matched}{needs}"
                     + (f"\n{'':{width + 37}} {roles}{extra}" if roles or extra else ""))
    libraries = len({m.library for m in models})
    lines.append(f"{len(models)} sinks in {libraries} libraries; add your own with "
                 "[[tool.prefixlint.models]] (same keys as prefixlint/models/*.toml)")
    return "\n".join(lines)
