"""The `prefixlint` command: parses arguments, calls `prefixlint.api`, prints an output.

Exit codes (as ruff): 0 nothing at or above `--fail-on`; 1 findings; 2 usage, configuration
or internal error. `--exit-zero` turns 1 into 0, never 2.
"""

from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path

import click

from . import __version__
from .launch import check_view

EXIT_FINDINGS = 1
EXIT_ERROR = 2


def _split_codes(value: str) -> list[str]:
    return [c.strip().upper() for c in value.split(",") if c.strip()]


def _variables(items: tuple[str, ...]) -> dict[str, str]:
    """`--var NAME=VALUE` options as a mapping (a usage error when one has no `=`)."""
    given: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{item!r} is not NAME=VALUE", param_hint="--var")
        given[name.strip()] = value
    return given


def _emit(text: str, output_file: str | None) -> None:
    """Print or write an output; a character no encoding can hold (a lone surrogate from an
    odd file name or template) is escaped, never a reason to fail."""
    from .config import ConfigError

    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    if output_file:
        try:
            Path(output_file).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot write {output_file}: {exc.strerror or exc}") from None
    else:
        click.echo(text, nl=False)


def _config(paths, config_file, select, ignore, tokenizer, fail_on, provider=None, model=None):
    from .config import ConfigError, load, parse_codes

    overrides = {"tokenizer": tokenizer, "fail_on": fail_on, "provider": provider,
                 "model": model}
    context = click.get_current_context(silent=True)
    if context is not None:  # --include-tests, --no-respect-gitignore
        overrides.update(context.meta.get("prefixlint.discovery", {}))
    try:
        overrides["select"] = parse_codes("--select", _split_codes(select)) if select else None
        overrides["ignore"] = parse_codes("--ignore", _split_codes(ignore)) if ignore else None
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None
    return load(None, Path(config_file) if config_file else None, overrides,
                [Path(p) for p in paths])


PROGRESS_MIN_FILES = 20


def _progress(human: bool):
    """A progress line on stderr for long runs on a terminal; None for machine output or pipes."""
    if not human or not sys.stderr.isatty():
        return None
    import time

    last = [0.0]

    def show(done: int, total: int) -> None:
        if total < PROGRESS_MIN_FILES:
            return
        now = time.monotonic()
        if done < total and now - last[0] < 0.1:
            return
        last[0] = now
        click.echo(f"\rprefixlint: analyzing {done}/{total} files", err=True, nl=False)
        if done == total:
            click.echo("\r\033[K", err=True, nl=False)

    return show


def _run(paths, *options, diff_base=None, human=False, use_cache=False, **named):
    """Analyze; with --diff-base, also the old version, keeping only what changed."""
    import dataclasses

    from . import api

    groups = api.settings_groups(paths) if not options[0] and not diff_base else []
    if len(groups) > 1:  # each folder with its own settings (as ruff)
        results = [api.check(group.paths, group.config(_config(group.paths, *options, **named)),
                             progress=_progress(human), use_cache=use_cache)
                   for group in groups]
        result = api.merge_roots(results)
        _warn(result)
        return result, None
    config = _config(paths, *options, **named)
    if not diff_base:
        result = api.check(paths, config, progress=_progress(human), use_cache=use_cache)
        _warn(result)
        return result, None
    from . import gate

    result, comparison = gate.compare(list(paths), config, diff_base, use_cache=use_cache)
    _warn(result)
    kept = tuple(f for f in result.findings if comparison.keeps(f))
    ids = {c.id for c in comparison.changes}
    measured = tuple(m for m in result.measurements if m.prompt.id in ids)
    return dataclasses.replace(result, findings=kept, measurements=measured), comparison


def _warn(result) -> None:
    if result.tokenizer.warning:
        click.echo(result.tokenizer.warning, err=True)
    _warn_model(result.config)


def _warn_model(config) -> None:
    from .providers import model_warning

    mismatch = model_warning(config.provider, config.model)
    if mismatch:
        click.echo(mismatch, err=True)


def _kept_output(paths, options: tuple, view: str, output_file) -> None:
    """An unchanged tree, checked again with the same options: print what the last run
    printed and exit as it did, without loading its result or importing the analysis (see
    `selection.cached_output`). Returns when there is nothing kept (or the folders given
    have settings of their own)."""
    from .selection import cached_output, settings_groups

    if not options[0] and len(settings_groups(paths)) > 1:
        return
    config = _config(paths, *options)
    kept = cached_output(paths, config, None, view)
    if kept is None:
        return
    _warn_model(config)
    _emit(kept[0], output_file)
    sys.exit(kept[1])


def _settings_text(config) -> str:
    """The resolved configuration, one `key = value` line each (TOML values)."""
    rows = [("root", str(config.root)), ("settings-file", str(config.source or "(none)")),
            ("include", list(config.include)), ("exclude", list(config.exclude)),
            ("search-paths", list(config.search_paths)), ("tokenizer", config.tokenizer),
            ("tokenizer-path", config.tokenizer_path or ""),
            ("chat-template", config.chat_template or ""), ("select", list(config.select)),
            ("ignore", list(config.ignore)),
            ("per-file-ignores", {g: list(c) for g, c in config.per_file_ignores}),
            ("variables", {n: s.label for n, s in config.variables}),
            ("values", dict(config.values)), ("fail-on", config.fail_on),
            ("min-gain-tokens", config.min_gain_tokens),
            ("conversation.turns", config.conversation_turns),
            ("conversation.tokens-per-turn", config.tokens_per_turn),
            ("force-exclude", config.force_exclude), ("include-tests", config.include_tests),
            ("respect-gitignore", config.respect_gitignore), ("jobs", config.jobs or 0),
            ("cache-dir", config.cache_dir or str(config.root / ".prefixlint_cache")),
            ("provider", config.provider),
            ("model", config.model or ""),
            ("providers", {n: dict(t) for n, t in config.providers}),
            ("python.sources", {n: s.label for n, s in config.python_sources}),
            ("python.sinks", list(config.python_sinks))]
    return "".join(f"{key} = {json.dumps(value)}\n" for key, value in rows)


def _remember(context: click.Context, param: click.Parameter, value: object) -> object:
    """Keep a file-discovery flag for `_config`, only when it was given (else the
    configuration file decides)."""
    from click.core import ParameterSource

    if context.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:
        context.meta.setdefault("prefixlint.discovery", {})[param.name] = \
            value if param.name in ("jobs", "chat_template") else bool(value)
    return value


CHAT_TEMPLATE_OPTION = click.option(
    "--chat-template", type=click.Path(dir_okay=False), default=None, expose_value=False,
    callback=_remember,
    help="Measure prompts as a self-hosted engine sees them: rendered through this chat "
         "template (a .jinja file or a model's tokenizer_config.json).")


def _discovery(function):
    """The options that say which files a run looks at, beyond the paths given."""
    options = [
        click.option("--include-tests", is_flag=True, default=None, expose_value=False,
                     callback=_remember,
                     help="Also analyze test code (tests/, test_*.py, *_test.py, conftest.py)."),
        click.option("--respect-gitignore/--no-respect-gitignore", default=None,
                     expose_value=False, callback=_remember,
                     help="Skip files that .gitignore files ignore (default: respect)."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
                     expose_value=False, callback=_remember,
                     help="Processes that measure prompts (default: one per core, for more "
                          "than a few dozen prompts; 1: none)."),
        CHAT_TEMPLATE_OPTION,
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _common(function):
    function = _discovery(function)
    options = [
        click.argument("paths", nargs=-1, type=click.Path()),
        click.option("--config", "config_file", type=click.Path(dir_okay=False),
                     help="Settings file (prefixlint.toml or pyproject.toml); its folder is "
                          "the project root."),
        click.option("--select", help="Comma-separated codes or prefixes to report (PFX0,PFX900)."),
        click.option("--ignore", help="Comma-separated codes or prefixes not to report."),
        click.option("--tokenizer", help="Encoding for token counts: o200k_base (default), "
                                         "cl100k_base, or a model's own tokenizer.json as "
                                         "hf:PATH (a file or a folder holding one)."),
        click.option("--fail-on", type=click.Choice(["info", "warning", "error", "never"]),
                     help="Lowest severity that makes the exit code 1 (default: error)."),
        click.option("--exit-zero", is_flag=True, help="Exit 0 even with findings (never hides 2)."),
        click.option("-o", "--output-file", type=click.Path(dir_okay=False),
                     help="Write the output to a file instead of stdout."),
        click.option("--provider", help="Cache model to measure against: auto (default: "
                                        "each prompt's SDK's provider, else generic), generic, "
                                        "openai, anthropic, bedrock, gemini, deepseek, vllm, "
                                        "sglang, llamacpp."),
        click.option("--model", help="Model name, for per-model minimums (claude-haiku-4-5)."),
        click.option("--diff-base", metavar="REF",
                     help="Only the prompts changed since this git ref, compared before -> after."),
        click.option("--max-regression", metavar="TOKENS|PERCENT",
                     help="With --diff-base: fail when a prompt loses more shared-prefix tokens."),
        click.option("--requests", "requests_file", type=click.Path(),
                     expose_value=True,
                     help="Recorded requests — a JSONL log of request bodies, an OTLP/JSON "
                          "trace export, a Langfuse export or LiteLLM proxy logs (a file or "
                          "a folder): measure what they really share."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _exit(result, fail_on: str | None, exit_zero: bool, comparison=None,
          max_regression: str | None = None) -> None:
    sys.exit(_exit_code(result, fail_on, exit_zero, comparison, max_regression))


def _exit_code(result, fail_on: str | None, exit_zero: bool, comparison=None,
               max_regression: str | None = None) -> int:
    failed = result.failed(fail_on)
    if comparison is not None:
        from .gate import regressions

        # The gate is about tokens and new breaks, whatever --fail-on passes or --select hides.
        failed = failed or bool(comparison.new_findings) or bool(
            regressions(comparison, max_regression))
    return EXIT_FINDINGS if failed and not exit_zero else 0


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="prefixlint")
def cli() -> None:
    """Keep LLM prompt prefixes cacheable: find the value that breaks the shared prefix."""


MAX_FLEET_EVENTS = 100  # replicas added or lost in one simulation
MAX_MANIFEST_BYTES = 256_000_000  # a prewarm manifest; a device or a huge file is refused

CHECK_FORMATS = {"text": "text", "concise": "concise", "json": "json_format", "sarif": "sarif",
                 "github": "github", "junit": "junit"}


@cli.command()
@_common
@click.option("--output-format", type=click.Choice(list(CHECK_FORMATS)), default="text",
              show_default=True)
@click.option("--statistics", is_flag=True, help="Count findings per code instead of listing them.")
@click.option("--strict", is_flag=True, help="Exit 1 when an LLM call found was not followed "
                                             "(see the Coverage line), findings or not.")
@click.option("--show-settings", is_flag=True, help="Print the resolved settings and exit.")
@click.option("--fix", is_flag=True, help="Apply safe fixes (sort_keys=True, sorted(...)).")
@click.option("--unsafe-fixes", is_flag=True,
              help="With --fix or --diff: also move template lines holding volatile values "
                   "below the constant text. Alone it writes nothing.")
@click.option("--diff", "show_diff", is_flag=True,
              help="Show the fixes as a unified diff; write nothing.")
@click.option("--no-cache", is_flag=True,
              help="Analyze everything again; do not read or write .prefixlint_cache.")
def check(paths, config_file, select, ignore, tokenizer, fail_on, exit_zero, output_file,
          provider, model, diff_base, max_regression, requests_file, output_format, statistics,
          strict, show_settings, fix, unsafe_fixes, show_diff, no_cache):
    """Report each value that ends a prompt's shared prefix (for pre-commit and CI)."""
    _gate_options(diff_base, max_regression)
    if show_settings:
        config = _config(paths, config_file, select, ignore, tokenizer, fail_on, provider, model)
        _emit(_settings_text(config), output_file)
        sys.exit(0)
    if show_diff and output_format not in ("text", "concise"):
        raise click.UsageError(f"--diff prints a unified diff; it cannot be combined with "
                               f"--output-format {output_format}")
    if fix or show_diff:  # --unsafe-fixes alone widens --fix; it writes nothing (as ruff)
        config = _config(paths, config_file, select, ignore, tokenizer, fail_on, provider, model)
        changed = _fix(paths, config, unsafe_fixes, show_diff)
        if show_diff:
            sys.exit(1 if changed and not exit_zero else 0)
    options = (config_file, select, ignore, tokenizer, fail_on, provider, model)
    use_cache = not (no_cache or fix or unsafe_fixes or requests_file)
    # the output options a kept output is for (the settings are in the result's key)
    view = check_view(output_format, statistics, strict, exit_zero) \
        if use_cache and not diff_base else None
    if view is not None:
        _kept_output(paths, options, view, output_file)
    result, comparison = _run(paths, *options, diff_base=diff_base,
                              human=output_format in ("text", "concise") and not output_file,
                              use_cache=use_cache)
    text = _with_requests(_check_output(result, comparison, output_format, statistics,
                                        max_regression), output_format, result, requests_file)
    _emit(text, output_file)
    code = _exit_code(result, fail_on, exit_zero, comparison, max_regression)
    if strict and not exit_zero and not code:
        from .coverage import coverage

        code = EXIT_FINDINGS if coverage(result).not_followed else 0
    if view is not None:  # kept when the result was (not for several projects' results)
        from . import api

        api.keep_output(paths, result, None, view, text, code)
    sys.exit(code)


def _gate_options(diff_base, max_regression) -> None:
    if max_regression and not diff_base:
        raise click.UsageError("--max-regression compares with --diff-base REF: give both")


def _fix(paths, config, unsafe: bool, show_diff: bool) -> int:
    """Apply (or with --diff, print) every fix that does not shorten a shared prefix, round
    after round until nothing more can be fixed; nothing is written before the last."""
    from . import fixes

    found = fixes.plan(paths, config, Path.cwd(), unsafe)
    for path, reason in found.refusals:
        click.echo(f"prefixlint: not fixing {path}: {reason}", err=True)
    changes = dict(found.changes)
    count = 0
    for candidate in found.fixes:
        count += 1
        if show_diff:
            click.echo(fixes.diff(candidate), nl=False)
            continue
        target = config.root / candidate.path
        refused = fixes.unwritable(target, candidate)  # checked again right before writing
        if refused:
            click.echo(f"prefixlint: not fixing {candidate.path}: {refused}", err=True)
            continue
        if not candidate.safe:
            for line in candidate.descriptions:
                click.echo(f"prefixlint: {candidate.path}: {line}", err=True)
        gained = ", ".join(f"{pid} {a:,} -> {b:,}" for pid, (a, b) in changes[candidate.path]
                           if b != a)
        click.echo(f"prefixlint: fixed {candidate.path} ({len(candidate.codes)} finding"
                   f"{'s' if len(candidate.codes) != 1 else ''})"
                   + (f"; shared prefix {gained}" if gained else ""), err=True)
    return count


def _check_output(result, comparison, output_format, statistics, max_regression) -> str:
    import importlib

    if statistics:
        from .output import statistics as out
        return out.render(result, output_format == "json")
    out = importlib.import_module(f".output.{CHECK_FORMATS[output_format]}", __package__)
    if output_format == "json" and comparison is not None:
        document = out.document(result) | {"diff": comparison.as_dict(max_regression)}
        return out.json_text(document)
    text = out.render(result)
    if output_format in ("github", "sarif", "junit") and comparison is not None:
        from .output import gate_formats

        return getattr(gate_formats, output_format)(text, comparison, max_regression)
    if output_format == "text" and comparison is not None:
        from .gate import regressions

        failing = len(regressions(comparison, max_regression))
        if failing and not result.findings:  # the gate failed: never "All checks passed!"
            text = (f"Failed: {failing} prompt{'s' if failing != 1 else ''} lost more "
                    f"shared prefix than --max-regression {max_regression or '0'} allows.\n")
        text = comparison.text(max_regression) + text
    return text


@cli.command()
@_common
@click.option("--output-format", type=click.Choice(["text", "json", "html"]), default="text",
              show_default=True)
@click.option("--replicas", type=click.IntRange(min=1), default=1, show_default=True,
              help="Replicas behind the load balancer (for the sticky-routing estimate).")
@click.option("--prefill-ms-per-token", "prefill", default=None,
              help="Prefill cost per uncached token in ms, or a preset: h200-8b (0.030), "
                   "h200-32b (0.115). Default 0.05.")
@click.option("--requests-per-second", type=click.FloatRange(min=0), default=None,
              help="Request rate, to estimate prefill seconds saved per hour.")
@click.option("--kv-model", default=None, metavar="NAME|PATH|hf:ORG/NAME",
              help="KV bytes per token, for the prewarm memory in the remedies: a preset "
                   "(default llama-3.1-8b), a config.json or its folder, or hf:org/name from "
                   "the local Hugging Face cache.")
def report(paths, config_file, select, ignore, tokenizer, fail_on, exit_zero, output_file,
           provider, model, diff_base, max_regression, requests_file, output_format, replicas,
           prefill, requests_per_second, kv_model):
    """Per prompt: tokens, shared prefix per scope, share, break, projected gain and what
    the provider caches, with estimates of the prefill time saved."""
    from .estimate import Settings, ms_per_token

    _gate_options(diff_base, max_regression)
    if requests_per_second is not None and not math.isfinite(requests_per_second):
        raise click.BadParameter("must be a finite number", param_hint="--requests-per-second")
    try:
        settings = Settings(ms_per_token(prefill), replicas, requests_per_second)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--prefill-ms-per-token") from None
    from .fleet import kv_size

    kv = kv_size.load(kv_model)
    result, comparison = _run(paths, config_file, select, ignore, tokenizer, fail_on, provider,
                              model, diff_base=diff_base,
                              human=output_format == "text" and not output_file)
    advice = _remedies(result, settings, kv)
    if output_format == "json":
        from .output import json_format as out
        document = out.document(result, settings)
        if comparison is not None:
            document["diff"] = comparison.as_dict(max_regression)
        if advice is not None:
            document["remedies"] = advice[2]
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    elif output_format == "html":
        from . import api
        from .output import html

        page_folder = Path(output_file).resolve().parent if output_file else Path.cwd()
        links = os.path.relpath(result.config.root, page_folder).replace(os.sep, "/")
        text = html.render(result, settings, api.views(result),
                           "" if links == "." else links + "/",
                           advice[2] if advice else None, advice[0] if advice else "")
    else:
        from .output import table as out
        text = out.render(result, settings)
        if advice is not None:
            text += f"\n{advice[0]}:\n{advice[1]}"
        if comparison is not None:
            text = comparison.text(max_regression) + "\n" + text
    _emit(_with_requests(text, output_format, result, requests_file), output_file)
    # A reading command (as `ruff format` against `ruff format --check`): findings make the
    # exit code 1 only when --fail-on asks for it, or when a --diff-base gate fails.
    _exit(result, fail_on or "never", exit_zero, comparison, max_regression)


def _remedies(result, settings, kv) -> tuple[str, str, dict] | None:
    """`report`'s remedies by the three criteria, on the traffic `simulate` models by
    default from these prompts: the traffic they rest on in words, the advice as text, the
    JSON document (the HTML page's too); None when no prompt was measured."""
    from . import api, remedies
    from .fleet import workload

    if not result.measurements:
        return None
    work = workload.measure(api.modelled_traffic(result, result.config, api.DEFAULT_SHAPE))
    advice = remedies.advise(work, kv, settings.replicas, settings.ms_per_token)
    advice = [a for a in advice if a.criterion != "isolation"] + remedies.isolation(
        work, api.user_content(result))
    shape = api.DEFAULT_SHAPE
    heading = (f"On modelled traffic ({shape['users']} users x {shape['sessions_per_user']} "
               f"sessions x {result.config.conversation_turns} turns of "
               f"{result.config.tokens_per_turn} tokens, as prefixlint simulate models it)")
    return heading, remedies.text(advice), remedies.document(advice, work, kv)


def _is_chat_template(path: Path) -> bool:
    from .frontends.chat_template import is_chat_template

    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            return is_chat_template(handle.read(200_000))
    except OSError:
        return False


def _with_requests(text: str, output_format: str, result, requests_file) -> str:
    """The output with the measured recorded requests added (`--requests`): a `requests`
    key in JSON, a section after the text."""
    if not requests_file:
        return text
    from . import api
    from .fleet import recorded
    from .tokenizers import load

    if output_format not in ("text", "concise", "json"):
        raise click.UsageError(f"--requests adds to text or json output, not "
                               f"{output_format}")
    path = Path(requests_file)
    if not (path.is_file() or path.is_dir()):
        raise click.BadParameter(f"{requests_file}: no such file", param_hint="--requests")
    config = result.config
    tokenizer = result.tokenizer if result.measurements else load(config.tokenizer,
                                                                    config.tokenizer_path)
    summary = recorded.summarize(path, requests_file, tokenizer.encode,
                                 api.constant_starts(result) if result.measurements else {},
                                 api.value_sites(result) if result.measurements else {})
    if output_format == "json":  # text output lists them in its section
        for error in summary.errors:
            click.echo(f"prefixlint: {requests_file}: {error}", err=True)
        document = json.loads(text)
        document["requests"] = summary.as_dict()
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    return text + ("\n" if text and not text.endswith("\n\n") else "") + recorded.text(summary)


@cli.command()
@click.option("--config", "config_file", type=click.Path(dir_okay=False),
              help="Settings file; its folder is the project root.")
def clean(config_file):
    """Remove the results `check` keeps between runs (.prefixlint_cache)."""
    from . import result_cache

    config = _config((), config_file, None, None, None, None)
    removed = result_cache.clean(config)
    click.echo(f"Removed {removed} cache file{'s' if removed != 1 else ''} from "
               f"{result_cache.folder(config)}.", err=True)


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("-o", "--output-file", type=click.Path(dir_okay=False),
              help="Where to write the manifest (default: stdout).")
@click.option("--config", "config_file", type=click.Path(dir_okay=False),
              help="Settings file; its folder is the project root.")
@click.option("--tokenizer", help="Encoding for token counts (o200k_base, cl100k_base).")
@click.option("--top", type=click.IntRange(min=1), default=None,
              help="Keep only the N most valuable entries (tokens × prompts).")
@click.option("--var", "variables", multiple=True, metavar="NAME=VALUE",
              help="Value of a static or deploy template variable, to warm past it.")
@click.option("--role", "template_role", default="system", show_default=True,
              help="Message role of template files in the request bodies.")
@click.option("--redact-check", is_flag=True,
              help="Exit 1 when an entry contains something that looks like a secret.")
@click.option("--min-tokens", type=click.IntRange(min=1), default=None,
              help="Leave out prefixes shorter than this (default: the provider's minimum, "
                   "else 256).")
@click.option("--provider", help="Cache model whose minimum applies (as for check).")
@click.option("--model", help="Model name, for per-model minimums.")
@_discovery
def prewarm(paths, output_file, config_file, tokenizer, top, variables, template_role,
            redact_check, min_tokens, provider, model):
    """Write the manifest of common prefixes to warm on every replica (JSON)."""
    from . import api

    given = _variables(variables)
    config = _config(paths, config_file, None, None, tokenizer, None, provider, model)
    document, result = api.prewarm(paths, config, None, given, top, template_role, min_tokens)
    _warn(result)
    left_out = document["left_out"]
    if left_out["below_min_tokens"]:
        count = left_out["below_min_tokens"]
        click.echo(f"prefixlint: left out {count} prompt{'s' if count != 1 else ''} whose shared "
                   f"prefix is shorter than {left_out['min_tokens']:,} tokens (change with "
                   "--min-tokens)",
                   err=True)
    flagged = [e for e in document["entries"] if e.get("secrets")]
    for entry in flagged:
        click.echo(f"prefixlint: warning: prewarm entry {entry['id'][:12]} (from "
                   f"{entry['sources'][0]['prompt']}) looks like it contains a secret: "
                   f"{', '.join(entry['secrets'])}", err=True)
    _emit(json.dumps(document, indent=2, ensure_ascii=False) + "\n", output_file)
    if output_file:
        total = sum(e["prefix_tokens"] for e in document["entries"])
        click.echo(f"Wrote {len(document['entries'])} entries ({total:,} prefix tokens) to "
                   f"{output_file}.", err=True)
    sys.exit(1 if redact_check and flagged else 0)


def _server_urls(urls: tuple[str, ...]) -> tuple[str, ...]:
    """Each server URL given, checked before anything is sent: a malformed one is a usage
    error that names it (its password hidden)."""
    from .fleet.bounded_http import url_problem
    from .fleet.redact import redact

    for url in urls:
        problem = url_problem(url)
        if problem:
            raise click.BadParameter(f"{redact(url)} {problem}")
    return urls


@cli.command()
@click.option("--manifest", "manifest_file", required=True, type=click.Path(dir_okay=False),
              help="A manifest written by `prefixlint prewarm`.")
@click.option("--endpoint", "endpoints", multiple=True, required=True,
              callback=lambda ctx, param, value: _server_urls(value),
              help="Base URL of an OpenAI-compatible server (repeat for every replica).")
@click.option("--api", type=click.Choice(["chat", "completions"]), default="chat",
              show_default=True, help="Send /v1/chat/completions or /v1/completions bodies.")
@click.option("--model", help="Model name for the request bodies (default: the server's first).")
@click.option("--api-key", envvar="PREFIXLINT_API_KEY",
              help="Bearer token (or PREFIXLINT_API_KEY).")
@click.option("--concurrency", type=click.IntRange(min=1), default=4, show_default=True)
@click.option("--timeout", type=click.FloatRange(min=0.1), default=60.0, show_default=True,
              help="Seconds per request.")
@click.option("--retries", type=click.IntRange(min=1), default=3, show_default=True)
@click.option("--verify", is_flag=True,
              help="Send each prefix again with a new suffix and read the cached tokens.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def warm(manifest_file, endpoints, api, model, api_key, concurrency, timeout, retries, verify,
         output_format):
    """Warm every replica with the manifest's prefixes; with --verify, show what each caches."""
    from .fleet import warm as warming
    from .output import warm_table

    from . import bounded_json

    try:
        manifest = bounded_json.read(manifest_file, MAX_MANIFEST_BYTES)
    except bounded_json.JSONBoundError as exc:
        raise click.BadParameter(f"cannot read the manifest: {manifest_file} {exc}",
                                 param_hint="--manifest") from None
    except (OSError, ValueError) as exc:
        raise click.BadParameter(f"cannot read the manifest: {exc}",
                                 param_hint="--manifest") from None
    problem = warming.manifest_error(manifest, api)
    if problem:
        raise click.BadParameter(problem, param_hint="--manifest")
    options = warming.Options(api, model, api_key, concurrency, timeout, retries, verify=verify)
    show = sys.stderr.isatty() and output_format == "text"

    def progress(done: int, total: int) -> None:
        if show:
            click.echo(f"\rwarming {done}/{total}", err=True, nl=done == total)

    from .fleet.redact import redact

    results = warming.warm(manifest, endpoints, options, progress)
    if output_format == "json":
        click.echo(redact(json.dumps({"version": 1, "instances": [r.as_dict() for r in results]},
                                     indent=2)))
    else:
        click.echo(redact(warm_table.render(results, verify)), nl=False)
    sys.exit(0 if results and all(r.ok(verify) for r in results) else 1)


@cli.command()
@click.argument("target")
@click.option("--var", "variables", multiple=True, metavar="NAME=VALUE",
              help="A value to render a hole with (otherwise a realistic sample).")
@click.option("--config", "config_file", type=click.Path(dir_okay=False),
              help="Settings file (prefixlint.toml or pyproject.toml) to read settings from.")
@click.option("--tokenizer", help="Encoding for token counts.")
@click.option("--color/--no-color", default=None, help="Colour holes by scope (default: on a terminal).")
@CHAT_TEMPLATE_OPTION
def render(target, variables, config_file, tokenizer, color):
    """Show a prompt rendered with its holes marked by scope, and where each scope's shared
    prefix ends. TARGET is a template file, or a Python prompt as path.py:LINE."""
    from . import api
    from .output import render_view
    from .render import plans

    # `app.py:12 (via agents/research.py:88)`: one of the prompts a call sends through a
    # client that calls the model more than once, named as `check` names it
    target, via = _via_suffix(target)
    path = target.rsplit(":", 1)[0] if target.endswith(tuple("0123456789")) and ":" in target \
        else target
    config = _config([path], config_file, None, None, tokenizer, None)
    result = api.check([path], config)
    _warn(result)
    root = config.root.resolve()
    wanted = Path(target).resolve().relative_to(root).as_posix() if path == target else \
        Path(path).resolve().relative_to(root).as_posix() + ":" + target.rsplit(":", 1)[1]
    wanted += via
    measurement = next((m for m in result.measurements if m.prompt.id == wanted), None)
    if measurement is None:
        problems = [f"{f.span.path}:{f.span.line}: {f.message}" for f in result.findings
                    if f.code == "PFX900"]
        known = ", ".join(m.prompt.id for m in result.measurements) or "none"
        chat = [f for f in result.findings if f.code in ("PFX030", "PFX031", "PFX032")]
        engine = Path(path).is_file() and _is_chat_template(Path(path))
        if engine:
            problems = [f"{f.span.path}:{f.span.line}: {f.code} {f.message}" for f in chat] \
                or ["it renders conversations without breaking their prefix"]
            raise click.UsageError(f"{wanted!r} is a model's chat template, not a prompt: "
                                   "`prefixlint check` reports what it does to the prefix; "
                                   + "; ".join(problems))
        raise click.UsageError(f"no prompt {wanted!r} (prompts found: {known})"
                               + ("; " + "; ".join(problems) if problems else ""))
    given = dict(config.values) | _variables(variables)  # [values], then --var
    from .render import GivenValues

    plan = plans("stable", result.scope_for(measurement.prompt))[0]
    rendering = measurement.prompt.renderer.render_traced(GivenValues(plan, given))
    use_color = sys.stdout.isatty() if color is None else color
    click.echo(render_view.render(measurement, rendering, result.tokenizer, use_color), nl=False,
               color=use_color)  # --color holds when piped, --no-color on a terminal


def _via_suffix(target: str) -> tuple[str, str]:
    """A prompt id's ` (via path:line)` suffix split from its call site, if it has one."""
    head, sep, tail = target.partition(" (via ")
    if sep and tail.endswith(")") and head[-1:].isdigit():
        return head, f"{sep}{tail}"
    return target, ""


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


@cli.command()
def server():
    """Run the language server on stdio, for editors: diagnostics as you type, hovers, hints
    where each prompt's shared prefix ends, and the fixes as code actions."""
    try:
        from . import server as language_server
    except ImportError as exc:
        raise click.UsageError(f"the language server needs pygls ({exc}): "
                               "pip install 'prefixlint[server]'") from None
    language_server.main()


@cli.command()
@click.option("--config", "config_file", type=click.Path(dir_okay=False),
              help="Settings file whose [[models]] are listed first.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def models(config_file, output_format):
    """List the library models: which calls are prompt sinks and what each argument is."""
    from . import api
    from .models import all_models
    from .output import models_list

    config = api.load_config(None, Path(config_file) if config_file else None)
    known = all_models(config.models)
    if output_format == "json":
        click.echo(json.dumps(models_list.as_dicts(known), indent=2))
    else:
        click.echo(models_list.as_text(known))


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--config", "config_file", type=click.Path(dir_okay=False),
              help="Settings file (prefixlint.toml or pyproject.toml).")
@click.option("--tokenizer", help="Encoding for token counts (see check).")
@click.option("--provider", help="Cache model: vllm (16-token blocks), sglang, llamacpp, … "
                                 "(default generic: every token).")
@click.option("--model", help="Model name, for per-model minimums.")
@click.option("--requests", "requests_file", type=click.Path(),
              help="Replay recorded requests (a file or folder, as for check) instead of "
                   "traffic modelled on the prompts found.")
@click.option("--replicas", type=click.IntRange(1, 256), default=4, show_default=True)
@click.option("--policy", default="round-robin", show_default=True,
              help="round-robin, random, least-loaded, hash:session, hash:user, hash:prefix, "
                   "shared-kv (round-robin in front of a KV store every replica shares), "
                   "or all (every policy on the same trace).")
@click.option("--users", type=click.IntRange(min=1), default=50, show_default=True)
@click.option("--sessions-per-user", type=click.IntRange(min=1), default=2, show_default=True)
@click.option("--turns", type=click.IntRange(min=1), default=None,
              help="Turns per conversation (default: [conversation] turns, 8).")
@click.option("--rps", type=click.FloatRange(min=0, min_open=True), default=5.0,
              show_default=True, help="Requests per second.")
@click.option("--duration", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds of traffic (default: every session's turns).")
@click.option("--think-seconds", type=click.FloatRange(min=0, min_open=True), default=20.0,
              show_default=True, help="Mean time between two turns of a conversation.")
@click.option("--history-window", type=click.IntRange(min=1), default=None,
              help="Turns of history the application keeps (default: all): older turns are "
                   "dropped, and a turn's reuse ends where its history starts.")
@click.option("--hot-session", type=click.FloatRange(0, 0.9), default=0.0,
              metavar="SHARE", help="One more session (an automated client) sends this share "
                                    "of all requests, e.g. 0.3.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--cache-tokens", type=click.IntRange(min=1), default=500_000,
              show_default=True, help="Prefix-cache capacity of each replica, in tokens.")
@click.option("--cache-model", type=click.Choice(["lru", "last-prompt"]), default="lru",
              show_default=True, help="lru: vLLM/SGLang-style cache; last-prompt: a llama.cpp "
                                      "slot without host-memory cache.")
@click.option("--prefill-ms-per-token", "prefill", default=None,
              help="Prefill cost per uncached token in ms, or a preset: h200-8b (0.030), "
                   "h200-32b (0.115). Default 0.05.")
@click.option("--load-factor", type=click.FloatRange(min=1.0), default=None,
              help="Hash policies: bounded load, at most this times the mean per replica.")
@click.option("--prefix-tokens", type=click.IntRange(min=1), default=256, show_default=True,
              help="hash:prefix hashes the first this many tokens.")
@click.option("--prewarm", is_flag=True, help="Warm every replica with the common prefixes "
                                              "at start (as prefixlint warm does).")
@click.option("--session-rate-limit", type=click.FloatRange(min=0, min_open=True),
              default=None, metavar="RPS",
              help="Requests a second one session may send (bursts of 3); "
                   "the rest are rejected (HTTP 429).")
@click.option("--kv-model", default=None, metavar="NAME|PATH|hf:ORG/NAME",
              help="KV bytes per token, for shared-kv and the prewarm memory: a preset "
                   "(llama-3.1-8b, qwen2.5-32b, ...; default llama-3.1-8b), a config.json or "
                   "its folder, or hf:org/name from the local Hugging Face cache.")
@click.option("--store-bandwidth", type=click.FloatRange(min=0, min_open=True),
              default=25.0, show_default=True, metavar="GBPS",
              help="shared-kv: the link to the store, in Gb/s.")
@click.option("--store-latency", type=click.FloatRange(min=0), default=1.0,
              show_default=True, metavar="MS", help="shared-kv: one load's round trip, in ms.")
@click.option("--store-capacity", default=None, metavar="SIZE",
              help="shared-kv: the store's capacity, in tokens (2000000) or bytes (200GB, "
                   "the default; 1.5TiB).")
@click.option("--add-replica-at", type=click.FloatRange(min=0), multiple=True,
              metavar="SECONDS", help="Add a replica at this time (repeatable).")
@click.option("--fail-replica-at", type=click.FloatRange(min=0), multiple=True,
              metavar="SECONDS", help="Lose a replica, and its cache, at this time.")
@click.option("--output-format", type=click.Choice(["text", "json", "html"]), default="text",
              show_default=True)
@click.option("-o", "--output-file", type=click.Path(dir_okay=False),
              help="Write the output to a file instead of stdout.")
def simulate(paths, config_file, tokenizer, provider, model, requests_file, replicas, policy,
             users, sessions_per_user, turns, rps, duration, think_seconds, history_window,
             hot_session, seed, cache_tokens,
             cache_model, prefill, load_factor, prefix_tokens, prewarm, session_rate_limit,
             kv_model, store_bandwidth, store_latency, store_capacity, add_replica_at,
             fail_replica_at, output_format, output_file):
    """Simulate N replicas, each with its own prefix cache, behind a routing policy: per
    instance hit ratio, first-token time and load, and what adding or losing a replica does.
    Traffic is modelled on the prompts found (their shared prefixes) or replayed from
    recorded requests."""
    import dataclasses

    from . import api
    from .fleet import simulate as simulation
    from .estimate import ms_per_token
    from .output import simulation as out
    from .fleet import kv_size, shared_kv
    from .fleet.shared_kv import POLICIES

    for name, value in (("--rps", rps), ("--duration", duration),
                        ("--think-seconds", think_seconds), ("--hot-session", hot_session),
                        ("--session-rate-limit", session_rate_limit),
                        ("--store-bandwidth", store_bandwidth),
                        ("--store-latency", store_latency),
                        *(("--add-replica-at", v) for v in add_replica_at),
                        *(("--fail-replica-at", v) for v in fail_replica_at)):
        if value is not None and not math.isfinite(value):
            raise click.BadParameter("must be a finite number", param_hint=name)
    if len(add_replica_at) + len(fail_replica_at) > MAX_FLEET_EVENTS:
        raise click.UsageError(f"at most {MAX_FLEET_EVENTS} replicas added or lost in one "
                               "simulation")
    policies = list(POLICIES) if policy == "all" else [policy]
    if policy != "all" and policy not in POLICIES:
        raise click.BadParameter(f"{policy!r} is not one of {', '.join(POLICIES)}, all",
                                 param_hint="--policy")
    try:
        cost = ms_per_token(prefill)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--prefill-ms-per-token") from None
    if requests_file and not (Path(requests_file).is_file() or Path(requests_file).is_dir()):
        raise click.BadParameter(f"{requests_file}: no such file", param_hint="--requests")
    kv = kv_size.load(kv_model)
    try:
        store_tokens = shared_kv.capacity_tokens(store_capacity, kv.bytes_per_token)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--store-capacity") from None
    network = shared_kv.Network(kv.bytes_per_token, store_bandwidth, store_latency,
                                store_tokens, kv.name)
    config = _config(paths, config_file, None, None, tokenizer, None, provider, model)
    planned = users * sessions_per_user * (turns or config.conversation_turns)
    if not requests_file and planned > simulation.MAX_REQUESTS:
        raise click.UsageError(
            f"{users:,} users × {sessions_per_user:,} sessions × "
            f"{turns or config.conversation_turns:,} turns is {planned:,} requests; a "
            f"simulation takes at most {simulation.MAX_REQUESTS:,} (give fewer users, "
            "sessions or turns)")
    shape = {"users": users, "sessions_per_user": sessions_per_user, "turns": turns,
             "rps": rps, "seed": seed, "think_seconds": think_seconds, "duration": duration,
             "history_window": history_window, "hot_share": hot_session}
    traffic, engine, notes = api.simulation_traffic(
        paths, config, None, Path(requests_file) if requests_file else None, shape)
    for note in notes:
        click.echo(f"prefixlint: {note}", err=True)
    settings = simulation.Settings(replicas, policies[0], cache_tokens, cache_model, cost, seed,
                                   load_factor, prefix_tokens, tuple(add_replica_at),
                                   tuple(fail_replica_at), prewarm, network,
                                   session_rate_limit)
    results = [simulation.run(traffic, dataclasses.replace(settings, policy=name),
                              engine.cached_tokens) for name in policies]
    against = None
    if replicas > 1:  # the same trace on one replica: what scaling out costs
        one = simulation.run(traffic, dataclasses.replace(
            settings, replicas=1, policy="round-robin", add_replica_at=(),
            fail_replica_at=()), engine.cached_tokens)
        against = [simulation.against_one_replica(r, one, cost) for r in results]
    extra: dict = {}
    sections = ""
    if hot_session and not requests_file:
        from .fleet import hot_sessions

        extra["hot_session"] = hot_sessions.compare(traffic, settings, engine.cached_tokens)
        sections += hot_sessions.text(extra["hot_session"])
    from . import remedies
    from .fleet import workload

    work = workload.measure(traffic)
    advice = remedies.advise(work, kv, replicas, cost, cache_tokens,
                             0.0 if requests_file else hot_session)
    extra["remedies"] = remedies.document(advice, work, kv)
    sections += ("\n" if sections else "") + remedies.text(advice)
    source = f"recorded requests from {requests_file}" if requests_file else (
        f"{users:,} users × {sessions_per_user} sessions × "
        f"{turns or config.conversation_turns} turns at {rps:g} requests/s")
    headline = (f"Simulated {len(traffic.requests):,} requests ({source}) over {replicas} "
                f"replica{'s' if replicas != 1 else ''}, {cache_tokens:,}-token {cache_model} "
                f"cache each, "
                f"{cost:g} ms per uncached token, {engine.name} caching"
                f"{', prewarmed' if prewarm else ''}.")
    if output_format == "json":
        documents = [r.as_dict() | ({"against_one_replica": against[i]} if against else {})
                     | extra for i, r in enumerate(results)]
        text = json.dumps(documents if policy == "all" else documents[0], indent=2) + "\n"
    elif output_format == "html":
        text = out.html(results, headline, extra)
    else:
        text = out.text(results, headline, against, sections)
    _emit(text, output_file)


@cli.command()
@click.argument("urls", nargs=-1, required=True,
                callback=lambda ctx, param, value: _server_urls(value))
@click.option("--interval", type=click.FloatRange(min=0, min_open=True), default=None,
              metavar="SECONDS", help="Also measure over a window: scrape again after this "
                                      "many seconds (see --samples).")
@click.option("--samples", type=click.IntRange(min=1), default=1, show_default=True,
              help="With --interval: scrapes after the first, INTERVAL apart.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=5.0,
              show_default=True, help="Seconds to wait for each instance.")
@click.option("--manifest", default="prewarm.json", show_default=True,
              help="The manifest named in the advice to warm a cold instance.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def metrics(urls, interval, samples, timeout, manifest, output_format):
    """Per-instance prefix-cache hit ratios of running vLLM, SGLang or llama.cpp servers,
    from their Prometheus metrics; flags an instance far below the others (exit 1, as for
    an instance that cannot be read)."""
    from .fleet import metrics as engine_metrics

    from .fleet.redact import redact

    instances = engine_metrics.observe(list(urls), interval, samples, timeout)
    if output_format == "json":
        _emit(redact(json.dumps({"version": 1, "instances": [i.as_dict() for i in instances]},
                                indent=2) + "\n"), None)
    else:
        _emit(redact(engine_metrics.text(instances, manifest)), None)
    sys.exit(1 if any(i.error or i.cold for i in instances) else 0)


# Allocations between two collections of the youngest generation (Python's default: 700),
# and collections of each generation between two of the next (default: 10).
GC_THRESHOLDS = (50_000, 20, 20)


def _fewer_collections() -> None:
    """Collect cyclic garbage less often: a run builds parsed modules, compiled templates,
    renderings and samples that live to its end, and the collector walked them again and
    again (about 5 % of a check of 1,000 templates); a run's objects are not changed by
    when garbage is freed. Set for the command line only, not for a library caller."""
    import gc

    gc.set_threshold(*GC_THRESHOLDS)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: maps configuration and internal errors to exit code 2."""
    from .config import ConfigError, TokenizerError

    _fewer_collections()
    try:
        cli.main(args=argv, prog_name="prefixlint", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        from .fleet.redact import redact

        exc.message = redact(exc.message)  # a bad --endpoint URL is named without its password
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
