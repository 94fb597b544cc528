"""The `prefixlint` command: parses arguments, calls `prefixlint.api`, prints an output.

Exit codes (as ruff): 0 nothing at or above `--fail-on`; 1 findings; 2 usage, configuration
or internal error. `--exit-zero` turns 1 into 0, never 2.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from . import __version__

EXIT_FINDINGS = 1
EXIT_ERROR = 2


def _codes(value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    return tuple(c.strip().upper() for c in value.split(",") if c.strip())


def _emit(text: str, output_file: str | None) -> None:
    if output_file:
        Path(output_file).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


def _run(paths, config_file, select, ignore, tokenizer, fail_on):
    from . import api
    from .config import ConfigError, _codes as check_codes

    overrides = {"tokenizer": tokenizer, "fail_on": fail_on}
    try:
        overrides["select"] = check_codes("--select", list(_codes(select))) if select else None
        overrides["ignore"] = check_codes("--ignore", list(_codes(ignore))) if ignore else None
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None
    config = api.load_config(None, Path(config_file) if config_file else None, paths, **overrides)
    result = api.check(paths, config)
    if result.tokenizer.warning:
        click.echo(result.tokenizer.warning, err=True)
    return result


def _common(function):
    options = [
        click.argument("paths", nargs=-1, type=click.Path()),
        click.option("--config", "config_file", type=click.Path(dir_okay=False),
                     help="Settings file (prefixlint.toml or pyproject.toml); its folder is "
                          "the project root."),
        click.option("--select", help="Comma-separated codes or prefixes to report (PFX0,PFX900)."),
        click.option("--ignore", help="Comma-separated codes or prefixes not to report."),
        click.option("--tokenizer", help="Encoding for token counts: o200k_base (default) or "
                                         "cl100k_base."),
        click.option("--fail-on", type=click.Choice(["info", "warning", "error", "never"]),
                     help="Lowest severity that makes the exit code 1 (default: error)."),
        click.option("--exit-zero", is_flag=True, help="Exit 0 even with findings (never hides 2)."),
        click.option("-o", "--output-file", type=click.Path(dir_okay=False),
                     help="Write the output to a file instead of stdout."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _exit(result, fail_on: str | None, exit_zero: bool) -> None:
    if result.failed(fail_on) and not exit_zero:
        sys.exit(EXIT_FINDINGS)
    sys.exit(0)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="prefixlint")
def cli() -> None:
    """Keep LLM prompt prefixes cacheable: find the value that breaks the shared prefix."""


@cli.command()
@_common
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def check(paths, config_file, select, ignore, tokenizer, fail_on, exit_zero, output_file,
          output_format):
    """Report each value that ends a prompt's shared prefix (for pre-commit and CI)."""
    result = _run(paths, config_file, select, ignore, tokenizer, fail_on)
    if output_format == "json":
        from .output import json_format as out
    else:
        from .output import text as out
    _emit(out.render(result), output_file)
    _exit(result, fail_on, exit_zero)


@cli.command()
@_common
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def report(paths, config_file, select, ignore, tokenizer, fail_on, exit_zero, output_file,
           output_format):
    """Per prompt: tokens, shared prefix per scope, share, break and projected gain."""
    result = _run(paths, config_file, select, ignore, tokenizer, fail_on)
    if output_format == "json":
        from .output import json_format as out
    else:
        from .output import table as out
    _emit(out.render(result), output_file)
    _exit(result, fail_on, exit_zero)


@cli.command()
@click.argument("code", required=False)
@click.option("--all", "show_all", is_flag=True, help="Every rule.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def rule(code, show_all, output_format):
    """Explain a rule: what it finds, why it matters, what to do instead, examples."""
    from .output import rule_doc
    from .rules import catalogue

    rules = catalogue()
    if show_all:
        chosen = list(rules.values())
    elif code:
        found = rules.get(code.upper())
        if found is None:
            raise click.UsageError(f"unknown rule {code!r}; `prefixlint rule --all` lists them")
        chosen = [found]
    else:
        raise click.UsageError("give a rule code (like PFX002) or --all")
    if output_format == "json":
        docs = [rule_doc.as_dict(r) for r in chosen]
        click.echo(json.dumps(docs if show_all else docs[0], indent=2, ensure_ascii=False))
    else:
        click.echo("\n\n".join(rule_doc.as_text(r) for r in chosen))


def main(argv: list[str] | None = None) -> None:
    """Console entry point: maps configuration and internal errors to exit code 2."""
    from .config import ConfigError
    from .tokenizers import TokenizerError

    try:
        cli.main(args=argv, prog_name="prefixlint", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(EXIT_ERROR)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(EXIT_ERROR)
    except (ConfigError, TokenizerError) as exc:
        click.echo(f"prefixlint: error: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    except SystemExit:
        raise
    except BrokenPipeError:
        sys.exit(EXIT_ERROR)
    except Exception as exc:  # noqa: BLE001 - no traceback reaches a user
        if os.environ.get("PREFIXLINT_DEBUG"):
            raise
        click.echo(f"prefixlint: internal error: {type(exc).__name__}: {exc} "
                   "(set PREFIXLINT_DEBUG=1 for the traceback)", err=True)
        sys.exit(EXIT_ERROR)
