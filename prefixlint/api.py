"""Library entry points: everything the CLI does, callable from Python.

    from prefixlint import api
    result = api.check(["prompts/"])
    for finding in result.findings: ...
"""

from __future__ import annotations

import dataclasses
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from . import config as config_module
from . import rules
from .config import AUTO, Config, ConfigError
from .globs import glob_match
from .file_kinds import TEMPLATE_SUFFIXES
from .ir import Finding, Prompt, Scope, Span, natural_key
from .measure import Measurement, map_holes
from .providers import ProviderModel
from .selection import SettingsGroup, cached_output, settings_groups  # noqa: F401 (the API's)
from .selection import files as _files
from .tokenizers import ENCODINGS, Tokenizer, load
from .volatility import Explained, Volatility, is_history

SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2}


@dataclass(frozen=True)
class Result:
    """The outcome of a run: findings (sorted), measurements (by prompt id), tokenizer."""

    tokenizer: Tokenizer
    findings: tuple[Finding, ...]
    measurements: tuple[Measurement, ...]
    config: Config
    provider: ProviderModel | None = None
    scope_for: Callable[[Prompt], Callable[[str], Scope]] | None = None
    # What the stored result was checked against (`result_cache`: the files found, each
    # file's digest and stat), when it was stored or read: what a kept output is kept with.
    cache_index: dict | None = field(default=None, compare=False)

    def provider_for(self, prompt: Prompt) -> ProviderModel | None:
        """The provider a prompt is measured against: the run's, or with `provider = "auto"`
        the one its SDK sends it to (generic when the code does not say)."""
        if self.config.provider != AUTO or self.provider is None:
            return self.provider
        return self.config.provider_model(prompt.sent_to, prompt.sent_model)

    def providers_used(self) -> list[tuple[ProviderModel, int]]:
        """Each provider the prompts are measured against, with how many prompts, most
        prompts first (then by name)."""
        counts: dict[ProviderModel, int] = {}
        for m in self.measurements:
            found = self.provider_for(m.prompt)
            if found is not None:
                counts[found] = counts.get(found, 0) + 1
        return sorted(counts.items(), key=lambda pair: (-pair[1], pair[0].name, pair[0].model))

    def uncached(self) -> list[Measurement]:
        """Prompts with a break that their SDK's provider caches none of: shorter, even as a
        conversation grows, than its minimum (their breaks are info)."""
        out = []
        for m in self.measurements:
            found = self.provider_for(m.prompt)
            worth = any(c.gain_tokens >= self.config.min_gain_tokens for c in m.causes)
            if found is not None and m.prompt.sent_to and worth and found.minimum > \
                    m.tokens_total + conversation_growth(m.prompt, self.config) and \
                    not rules.length_unknown(m.prompt):
                out.append(m)
        return out

    def failed(self, fail_on: str | None = None) -> bool:
        """Whether any finding is at or above the `fail-on` severity (exit code 1)."""
        threshold = fail_on or self.config.fail_on
        if threshold == "never":
            return False
        return any(SEVERITY_RANK[f.severity] >= SEVERITY_RANK[threshold] for f in self.findings)


def load_config(cwd: Path | None = None, config_file: Path | None = None,
                paths: Sequence[str | Path] = (), **overrides: object) -> Config:
    """The configuration a run from `cwd` on `paths` uses (see `config.load`)."""
    return config_module.load(cwd, config_file, overrides, [Path(p) for p in paths])


def _keep(finding: Finding, config: Config) -> bool:
    if not rules.selected(finding.code, config.select, config.ignore):
        return False
    if rules.minor(finding) and config.fail_on != "info" and finding.code not in config.select:
        return False  # a break worth less than min-gain-tokens: shown only when asked for
    for glob, codes in config.per_file_ignores:
        if glob_match(glob, finding.span.path) and not rules.selected(finding.code, (), codes):
            return False
    return True


def _explainer(prompt: Prompt, volatility: Volatility) -> Callable[[str], Explained]:
    """Scopes for a prompt's holes and where each came from: explicit ones (clock calls,
    import-time values: the code says) first, then the configuration and the names."""
    explicit = dict(prompt.scopes)
    if not explicit:
        return volatility.explain
    notes = dict(prompt.scope_notes)

    def explain(path: str) -> Explained:
        """Explicit scopes hold for the parts of a value too (`now@app.py:3:7.day`)."""
        found = explicit.get(path)
        if found is None and "@" in path:
            found = next((s for key, s in explicit.items() if path.startswith(key + ".")),
                         None)
        if found is None:
            return volatility.explain(path)
        if path in notes:  # declared by the prompt file itself (a prompty file's inputs)
            return Explained(found, "declaration", notes[path])
        return Explained(found, "code")

    return explain


def _scoped(prompt: Prompt, volatility: Volatility) -> Callable[[str], Scope]:
    """The scope of each value path of a prompt (see `_explainer`)."""
    if not prompt.scopes:
        return volatility.scope_of
    explain = _explainer(prompt, volatility)
    return lambda path: explain(path).scope


def may_grow(prompt: Prompt) -> bool:
    """Whether a prompt may carry a conversation that grows: a history by name, or a list
    of messages whose items are not known (it may be one). Only a prompt whose every message
    is known is one-shot."""
    return prompt.history or any(is_history(d) for h in prompt.holes for d in h.deps) or \
        any(block.role == "messages" for block in prompt.blocks)


def conversation_growth(prompt: Prompt, config: Config) -> int:
    """Tokens a prompt that may carry a conversation grows by over the turns modelled (0 for
    a one-shot prompt): what counts toward a provider's caching minimum."""
    if not may_grow(prompt):
        return 0
    return config.tokens_per_turn * (config.conversation_turns - 1)


def _unique(findings: Iterable[Finding]) -> list[Finding]:
    """One finding per place and code: a partial included by many prompts reports once, as
    the prompt where it is most severe and then costs most (a value that is only a label in
    one prompt's last message and a break in another's is the break), with that prompt's
    related places. (Naming every prompt's call site instead named each caller of a shared
    client as if its own prompt broke: `check FILE` already shows a caller the findings of
    the prompts it sends.)"""
    best: dict[tuple, Finding] = {}
    others: dict[tuple, list[Finding]] = {}
    for finding in sorted(findings, key=lambda f: (f.code, f.span, -SEVERITY_RANK[f.severity],
                                                   -f.gain_tokens, f.message, f.prompt or "")):
        key = (finding.code, finding.span)
        if key in best:
            others.setdefault(key, []).append(finding)
        else:
            best[key] = finding
    for key, alike in others.items():
        best[key] = _with_places_of(best[key], alike)
    # A value one prompt puts before the conversation history (PFX006) and another, the
    # same template measured alone, before constant text (PFX001-PFX005) is one finding:
    # the history's, which says what it costs.
    before_history = {span for code, span in best if code == "PFX006"}
    return sorted((f for (code, span), f in best.items()
                   if not (span in before_history and code in _PREFIX_VALUE_CODES)),
                  key=Finding.sort_key)


_PREFIX_VALUE_CODES = frozenset({"PFX001", "PFX002", "PFX003", "PFX004", "PFX005"})
# At most this many places a finding gathers from the other prompts it stands for.
MAX_GATHERED_PLACES = 12


def _with_places_of(finding: Finding, alike: list[Finding]) -> Finding:
    """The finding reported for a place that several prompts share (a shared helper's
    value), with the other places of the same cause in the other prompts' own text, where
    the value they got from there breaks too (their templates' `{state}`); not where those
    prompts make or send it (their call sites, which the caller's `check FILE` shows: see
    `_unique`)."""
    if finding.code not in _PREFIX_VALUE_CODES:
        return finding
    have = {finding.span, *finding.related}
    gathered: list[Span] = []
    for other in alike:
        for span in other.related[:other.also]:
            if span not in have and len(gathered) < MAX_GATHERED_PLACES:
                have.add(span)
                gathered.append(span)
    if not gathered:
        return finding
    own, made = finding.related[:finding.also], finding.related[finding.also:]
    return dataclasses.replace(finding, related=(*own, *gathered, *made),
                               also=finding.also + len(gathered))


def keep_output(paths: Iterable[str | Path], result: Result, cwd: Path | None, view: str,
                output: str, exit_code: int) -> None:
    """Keep what this `check` printed for the next identical run (see `cached_output`),
    with the index its result was stored with or read against (nothing without one)."""
    if result.cache_index is None:
        return
    from . import result_cache

    result_cache.store_view(result.config, [str(p) for p in paths],
                            (cwd or Path.cwd()).resolve(), view, output, exit_code,
                            result.cache_index)


def check(paths: Iterable[str | Path] = (), config: Config | None = None,
          cwd: Path | None = None,
          progress: Callable[[int, int], None] | None = None,
          edited: Mapping[str, str] | None = None, use_cache: bool = False) -> Result:
    """Find and measure the prompts under `paths` (default: `include`, else the cwd);
    `edited` maps project-relative paths to the text a fix would give them. With
    `use_cache`, the stored result of the same run on the same files is returned, and a new
    result is stored (see `result_cache`)."""
    paths = list(paths)
    config = config or load_config(cwd, paths=paths)
    files, readers, unreadable = _files(paths, config, cwd)
    use_cache = use_cache and not edited and not unreadable and \
        not os.environ.get("PREFIXLINT_DEBUG")  # a debugging run analyzes everything
    where = (cwd or Path.cwd()).resolve()
    if use_cache:
        from . import result_cache

        cached = result_cache.load(config, [str(p) for p in paths], where, files)
        if cached is not None:
            return cached
    read: set[str] = set()
    loaded: list[Tokenizer] = []
    if config.tokenizer not in ENCODINGS or config.tokenizer_path:
        # A configuration error (exit 2) even when nothing is measured: an unknown encoding,
        # or a tokenizer-path that is missing, a folder, or not the encoding's file.
        loaded.append(load(config.tokenizer, config.tokenizer_path))

    def tokenizer() -> Tokenizer:
        """Loaded on first use: a run without prompts never reads an encoding file."""
        if not loaded:
            loaded.append(load(config.tokenizer, config.tokenizer_path))
        return loaded[0]

    from .analysis import _engine_template, analyze

    provider = config.provider_model()
    volatility = Volatility(config.variables_map)
    engine = _engine_template(config)
    findings, measurements = analyze(files, config, tokenizer, provider, volatility, progress,
                                     edited, read, engine)
    findings += [rules.input_error(f"cannot list this folder: {reason}; its files are not "
                                   "analyzed", folder, 1, folder)
                 for folder, reason in sorted(set(unreadable))]
    if readers:  # only the prompts the named prompt files are part of
        named = set(files) - set(readers)
        measurements = [m for m in measurements if m.prompt.path in named
                        or named & set(m.prompt.files)]
        ids = {m.prompt.id for m in measurements}
        # a template extending a named one is measured for the named one's text: its own
        # places are not what the run was asked about
        extending = {r for r in readers if r.endswith(TEMPLATE_SUFFIXES)}
        findings = [f for f in findings if f.span.path in named or
                    f.prompt in ids and f.span.path not in extending]
    kept = _unique(f for f in findings if _keep(f, config))
    measurements.sort(key=lambda m: natural_key(m.prompt.id))
    used = loaded[0] if loaded else Tokenizer(config.tokenizer, _unused, "not loaded")
    result = Result(used, tuple(kept), tuple(measurements), config, provider,
                    lambda prompt: _scoped(prompt, volatility))
    if use_cache:
        index = result_cache.store(config, [str(p) for p in paths], where, files, read, result)
        result = dataclasses.replace(result, cache_index=index)
    return result


def heads(result: Result) -> dict[str, list[int]]:
    """The tokens of each prompt's constant start (for routing advice), cut as prewarm cuts."""
    from .manifest import cut

    out: dict[str, list[int]] = {}
    for m in result.measurements:
        if m.prefix_tokens["global"] < 200:
            continue
        prompt_cut = cut(m.prompt, result.scope_for(m.prompt), dict(result.config.values),
                         "system")
        text = "".join(t for _, t in prompt_cut.messages) \
            if prompt_cut.segmented else prompt_cut.messages[0][1]
        out[m.prompt.id] = result.tokenizer.encode(text)[: m.prefix_tokens["global"]]
    return out


def constant_starts(result: Result) -> dict[str, tuple[str, int]]:
    """Per measured prompt: the text every user's request starts with (a rendering cut at its
    global shared prefix) and that prefix in tokens, to match recorded requests."""
    from .render import Sampler, plans

    out = {}
    for m in result.measurements:
        plan = plans("global", result.scope_for(m.prompt))[0]
        text = m.prompt.renderer.render(Sampler(plan))
        start = result.tokenizer.prefix_text(text, m.prefix_tokens["global"])
        # Up to its last whole line, without the header of a message that has not begun: a
        # header stands for a role, and a log may name a history's messages otherwise.
        start = re.sub(r"(?:<\|\w+\|>\n)+$", "", start[:start.rfind("\n") + 1])
        out[m.prompt.id] = (start, m.prefix_tokens["global"])
    return out


def value_sites(result: Result) -> dict[str, list[tuple[str, Span, str]]]:
    """Per measured prompt: each value that varies within a session, with the constant text
    rendered just before it (recorded requests that part right after that text part at this
    value) and where the value is in the source."""
    from .render import Sampler, plans

    out: dict[str, list[tuple[str, Span, str]]] = {}
    for m in result.measurements:
        scope_of = result.scope_for(m.prompt)
        rendering = m.prompt.renderer.render_traced(Sampler(plans("turn", scope_of)[0]))
        sites: list[tuple[str, Span, str]] = []
        constant = ""
        for piece in rendering.pieces:
            holes = [link.hole for link in piece.chain
                     if link.hole.scope.varies_like >= Scope.DAY]
            if not holes:
                constant += piece.text
                continue
            request = [h for h in holes if h.scope.varies_like >= Scope.REQUEST]
            if request and constant.strip():  # a sample's text is never the recorded one
                sites.append((constant, request[0].span, request[0].expr))
            constant = ""
        out[m.prompt.id] = sites
    return out


def views(result: Result) -> list[dict]:
    """Per measurement: one rendered text (a user's request, with the configured `[values]`)
    and the character offsets where its prefixes shared across days, by every user today, per
    user and per session end (for the HTML report)."""
    from .measure import common_prefix
    from .render import GivenValues, plans

    given = dict(result.config.values)
    out = []
    for m in result.measurements:
        scope_of = result.scope_for(m.prompt)
        text = m.prompt.renderer.render(GivenValues(plans("global", scope_of)[0], given))
        bounds = []
        for level in ("stable", "global", "user", "session"):
            if not given:  # as measured
                shared = m.prefix_tokens_stable if level == "stable" else m.prefix_tokens[level]
            else:  # measured again with the real values in place of samples
                shared = common_prefix([result.tokenizer.encode(m.prompt.renderer.render(
                    GivenValues(plan, given))) for plan in plans(level, scope_of)] +
                    [result.tokenizer.encode(text)])
            bounds.append(len(result.tokenizer.prefix_text(text, shared)))
        out.append({"measurement": m, "text": text, "bounds": bounds,
                    "findings": [f for f in result.findings if f.prompt == m.prompt.id]})
    return out


def prewarm(paths: Iterable[str | Path] = (), config: Config | None = None,
            cwd: Path | None = None, variables: dict[str, str] | None = None,
            top: int | None = None, template_role: str = "system",
            min_tokens: int | None = None) -> tuple[dict, Result]:
    """The prewarm manifest (a JSON-ready dict) of the prompts under `paths`; prefixes
    shorter than `min_tokens` (default: the provider's minimum, else 256) are left out."""
    from . import manifest

    result = check(paths, config, cwd)
    tokenizer = result.tokenizer if result.measurements else load(
        result.config.tokenizer, result.config.tokenizer_path)
    given = dict(result.config.values) | dict(variables or {})
    if min_tokens is None:
        min_tokens = manifest.default_min_tokens(result.provider)
    document = manifest.build(result.measurements, result.scope_for, tokenizer, given,
                              template_role, top, min_tokens)
    return document, result


def _unused(text: str) -> list[int]:
    raise RuntimeError("no prompt was measured, so no tokenizer was loaded")


report = check


def simulation_traffic(paths: Iterable[str | Path], config: Config, cwd: Path | None,
                       requests_file: Path | None, shape: dict):
    """The trace `prefixlint simulate` replays: recorded requests (with the bad lines named),
    or traffic modelled from the prompts under `paths`. `shape` holds users,
    sessions_per_user, turns, rps, seed, think_seconds and duration. Returns the traffic,
    the provider model (for block alignment) and messages for the user. Modelled turns are
    built from each prompt's runs (`structure`), the history where the prompt puts it."""
    from .fleet import recorded, simulate

    provider = config.provider_model()
    if requests_file is not None:
        requests, errors = recorded.read(requests_file)
        if not requests:
            raise ConfigError(f"{requests_file}: no request could be read"
                              + (f" ({errors[0]})" if errors else ""))
        tokenizer = load(config.tokenizer, config.tokenizer_path)
        block = provider.block_size if provider.block_size > 1 else simulate.RECORDED_BLOCK
        traffic = simulate.recorded(requests, tokenizer.encode, shape["rps"], block)
        return traffic, provider, [f"{requests_file}: {e}" for e in errors]
    result = check(paths, config, cwd)
    if not result.measurements:
        raise ConfigError("no prompt was found to model traffic on (give paths, or "
                          "--requests FILE.jsonl)")
    return modelled_traffic(result, config, shape), provider, []


def modelled_traffic(result: Result, config: Config, shape: dict):
    """The traffic `simulate` models on the prompts a check measured (see
    `simulation_traffic`)."""
    from .fleet import simulate
    from .structure import structure

    levels = [(m.prompt.id, dict(m.prefix_tokens), m.tokens_total,
               structure(m.prompt, result.tokenizer.encode, result.scope_for(m.prompt)))
              for m in result.measurements]
    turns = shape["turns"] or config.conversation_turns
    traffic = simulate.modelled(levels, shape["users"], shape["sessions_per_user"], turns,
                                shape["rps"], config.tokens_per_turn, shape["seed"],
                                shape["think_seconds"], shape["duration"],
                                shape.get("history_window"), shape.get("hot_share", 0.0))
    return traffic


DEFAULT_SHAPE = {"users": 50, "sessions_per_user": 2, "turns": None, "rps": 5.0, "seed": 0,
                 "think_seconds": 20.0, "duration": None}


def user_content(result: Result) -> tuple[str, ...]:
    """Per prompt, the per-user and per-session values inside the prefix its requests reuse
    (what a shared KV store would hold), and its conversation history: `prompt: expr
    (scope, line N)`."""
    from .structure import structure

    places = []
    for m in result.measurements:
        runs = structure(m.prompt, result.tokenizer.encode, result.scope_for(m.prompt))
        reused = []
        for run in runs:
            if run.kind == "request":
                break
            reused.append(run.kind)
        named = [f"{c.hole.expr} ({c.hole.scope.label}, line {c.hole.span.line})"
                 for c in m.causes
                 if c.hole.scope.varies_like in (Scope.USER, Scope.SESSION)]
        if "history" in {r.kind for r in runs}:
            named.append("the conversation history")
        if named and ({"user", "session", "history"} & set(reused) or
                      "the conversation history" in named):
            places.append(f"{m.prompt.id}: {', '.join(dict.fromkeys(named))}")
    return tuple(places)


def merge_roots(results: Sequence[Result], cwd: Path | None = None) -> Result:
    """One result from the runs of several projects: every path, prompt id and hole made
    relative to `cwd`, findings and prompts in one order."""
    where = (cwd or Path.cwd()).resolve()
    findings: list[Finding] = []
    measurements: list[Measurement] = []
    scopes: dict[str, Callable] = {}
    for result in results:
        prefix = os.path.relpath(result.config.root.resolve(), where).replace(os.sep, "/")
        prefix = "" if prefix == "." else prefix + "/"

        def moved(span, prefix=prefix):
            return dataclasses.replace(span, path=prefix + span.path) if span else span

        for f in result.findings:
            findings.append(dataclasses.replace(
                f, span=moved(f.span), related=tuple(moved(s) for s in f.related),
                prompt=prefix + f.prompt if f.prompt else f.prompt))
        for m in result.measurements:
            prompt = dataclasses.replace(m.prompt, id=prefix + m.prompt.id,
                                         path=prefix + m.prompt.path,
                                         files=tuple(prefix + f for f in m.prompt.files))
            measurements.append(map_holes(m, prompt, lambda h, moved=moved: dataclasses.replace(
                h, span=moved(h.span))))
            if result.scope_for is not None:
                scopes[prompt.id] = lambda p, scope_for=result.scope_for, original=m.prompt: \
                    scope_for(original)
    findings.sort(key=lambda f: f.sort_key())
    measurements.sort(key=lambda m: natural_key(m.prompt.id))
    first = next((r for r in results if r.measurements), results[0])
    return Result(first.tokenizer, tuple(findings), tuple(measurements),
                  dataclasses.replace(first.config, root=where), first.provider,
                  lambda prompt: scopes[prompt.id](prompt))
