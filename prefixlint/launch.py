"""The console entry point. A `check` of paths alone (a pre-commit hook's call) whose files
are all unchanged since the same check last ran prints what that run printed and exits as it
did, before the command line's framework and the analysis are imported; every other command
line, and anything this path cannot answer, goes to `cli.main` unchanged."""

from __future__ import annotations

import sys


def check_view(output_format: str, statistics: bool, strict: bool, exit_zero: bool) -> str:
    """The output options a kept `check` output is for (the settings are in its key)."""
    import json

    return json.dumps([output_format, statistics, strict, exit_zero])


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else list(argv)
    kept = kept_check(args)
    if kept is not None:
        text, code = kept
        sys.stdout.write(text.encode("utf-8", "backslashreplace").decode("utf-8"))
        sys.stdout.flush()
        sys.exit(code)
    from .cli import main as run

    run(argv)


def kept_check(args: list[str]) -> tuple[str, int] | None:
    """What `check [PATH...]` (no option) printed and exited with, when nothing it read has
    changed and its settings are the same; None for any other command line, or when the
    answer is not at hand (the full command then decides, errors included)."""
    if not args or args[0] != "check" or any(a.startswith("-") for a in args[1:]):
        return None
    try:
        from pathlib import Path

        from .config import load
        from .providers import model_warning
        from .selection import cached_output, settings_groups

        if len(settings_groups(args[1:])) > 1:
            return None
        overrides = {"tokenizer": None, "fail_on": None, "provider": None, "model": None,
                     "select": None, "ignore": None}
        config = load(None, None, overrides, [Path(p) for p in args[1:]])
        kept = cached_output(args[1:], config, None, check_view("text", False, False, False))
        if kept is None:
            return None
        mismatch = model_warning(config.provider, config.model)
    except Exception:  # noqa: BLE001 - the full command reports what went wrong
        return None
    if mismatch:
        print(mismatch, file=sys.stderr)
    return kept
