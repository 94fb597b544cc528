"""The analysis of one run's files: frontends find the prompts (templates, Python, prompt
settings, chat templates), each is measured (on workers when there are many), and the rules
turn measurements into findings. Imported only when a run has something to analyze: an
unchanged run answered from the result cache never loads Jinja, libcst or a tokenizer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from . import rules, workers
from .config import AUTO, Config, ConfigError
from .file_kinds import (TEMPLATE_SUFFIXES, is_baml_file, is_config_file, is_prompt_file,
                         is_text_file)
from .frontends.project_files import InputError, Limits, read_text
from .frontends.workspace import Workspace
from .frontends.python import PythonProject, is_python
from .globs import glob_match
from .ir import Finding, Prompt, Scope
from .measure import Measurement, TooComplex, map_holes, measure
from .providers import ProviderModel
from .tokenizers import EncodeLimitError, Tokenizer, TokenizerError
from .volatility import Volatility
from .api import _explainer, _scoped, conversation_growth  # api is loaded before this module

def _counter(total: int, progress: Callable[[int, int], None] | None) -> Callable[[], None]:
    done = [0]

    def step() -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], total)

    return step


from .python_phase import internal as _internal
from .worker_measure import Measurer

if TYPE_CHECKING:
    from .frontends.crew_inputs import Fills


def _jinja_prompt(text: str) -> bool:
    """Whether a text or Markdown file of a prompts folder is a Jinja prompt: it has Jinja
    syntax, and its constant text reads as instructions to a model."""
    from .dialect import is_jinja
    from .prose import reads_as_prompt
    from .template_kinds import constant_text

    return is_jinja(text) and reads_as_prompt(constant_text(text), "prompt")


def _engine_template(config: Config):
    """The configured chat template, read before anything is analyzed (ConfigError: exit 2)."""
    if not config.chat_template:
        return None
    from .engine_view import EngineTemplateError, load_template

    try:
        return load_template(Path(config.chat_template).expanduser())
    except EngineTemplateError as exc:
        raise ConfigError(str(exc)) from None


def _through_engine(engine, config: Config, tokenizer: Callable[[], Tokenizer],
                    files: Sequence[str], prompts: list) -> list[Finding]:
    """Every prompt's renderer wrapped to render through the engine's chat template; the
    template's own PFX030–PFX032 findings, unless it is one of the analyzed files."""
    import dataclasses

    from .engine_view import EngineRenderer
    from .frontends import chat_template

    prompts[:] = [(dataclasses.replace(prompt, renderer=EngineRenderer(prompt.renderer, engine)),
                   notes) for prompt, notes in prompts]
    path = Path(engine.path)
    try:
        shown = path.resolve().relative_to(config.root.resolve()).as_posix()
    except ValueError:
        shown = str(path.resolve())
    if shown in files:
        return []
    if path.suffix == ".json":
        return chat_template.config_findings(shown, path.read_text(encoding="utf-8-sig"),
                                             tokenizer)
    return chat_template.findings(shown, engine.source, tokenizer)


def analyze(files: Sequence[str], config: Config, tokenizer: Callable[[], Tokenizer],
            provider: ProviderModel, volatility: Volatility,
            progress: Callable[[int, int], None] | None = None,
            edited: Mapping[str, str] | None = None, read: set[str] | None = None,
            engine=None) -> tuple[list[Finding], list[Measurement]]:
    """Analyze project-relative files (`edited` ones as their new text); unreadable ones
    become PFX900 findings. The names of every file read are added to `read`."""
    step = _counter(len(files), progress)
    workspace = Workspace(config.root, config.search_paths, Limits(), volatility.scope_of,
                          config.jinja, dict(edited or {}),
                          tuple(f for f in files if is_python(f)))
    python = PythonProject(config.root, volatility.scope_of, workspace, workspace.limits,
                           config.python_sources, config.python_sinks, config.models,
                           tuple(f for f in files if is_config_file(f)),
                           tuple(f for f in files if not is_python(f)))
    findings: list[Finding] = []
    prompts: list[tuple[Prompt, list]] = []
    templates = [f for f in files if not is_python(f)]
    found_prompt_files = {f for f in templates if (is_prompt_file(f) or is_text_file(f))
                          and not f.endswith(TEMPLATE_SUFFIXES)}
    from .python_phase import python_prompts

    def measure_prompt(prompt: Prompt) -> tuple[str, object]:
        try:
            return "ok", measure(prompt, tokenizer(), _scoped(prompt, volatility))
        except InputError as error:
            return "error", rules.input_error(error.message, error.path, error.line, prompt.id)
        except (TooComplex, EncodeLimitError) as exc:
            return "error", rules.input_error(str(exc), prompt.path, prompt.line, prompt.id)
        except TokenizerError:
            raise  # the configuration, not this prompt
        except Exception as exc:  # noqa: BLE001
            return "error", rules.input_error(_internal(exc), prompt.path, prompt.line,
                                              prompt.id)

    providers: dict[tuple[str, str], ProviderModel] = {}  # by the SDK's provider and model

    def measure_there(prompt: Prompt, notes: list) -> tuple[tuple[str, object],
                                                            list[Finding] | None]:
        """On a worker: the prompt's outcome as it can be sent, and its findings."""
        kind, value = outcome = measure_prompt(prompt)
        found = _rule_findings(prompt, notes, value, config, provider, volatility,
                               providers) if kind == "ok" else None
        return _sendable(outcome, prompt), found

    # Python prompts a worker of the phase can measure are measured there (not when an
    # engine's chat template wraps every prompt's renderer below).
    measurer = None if engine is not None else Measurer(
        measure_there,
        lambda: tokenizer().complete(),  # loaded once, whole, before the workers are forked
        early=not templates)  # no template loaded after the phase: the parent may measure
    phase = python_prompts(files, python, config.jobs or workers.cores(), step, measurer)
    kept = _distinct(phase.prompts)
    prompts.extend(phase.prompts[position] for position in kept)
    findings.extend(phase.findings)
    # what a worker measured, by prompt: the outcome as sent and its findings before
    # suppressions
    early = {index: payload for index, position in enumerate(kept)
             if (payload := phase.measured_at(position)) is not None}
    loaded: list[str] = []
    referenced: set[str] = set()
    if templates:  # (imported here: a run on Python files alone never needs them)
        from .frontends import chat_template, prompt_config, text_prompt
        from .template_kinds import is_prompt_template

        crew_fills = _crew_fills([f for f in files if is_python(f)], workspace.read,
                                 volatility)
    baml_known = None  # what the run's BAML files declare, read when the first is met
    for name in templates:
        step()
        try:
            if is_baml_file(name):  # functions and their prompts
                from .frontends import baml

                if baml_known is None:
                    baml_known = baml.declarations(_readable(
                        workspace, [f for f in templates if is_baml_file(f)]))
                prompts.extend((p, []) for p in baml.prompts(
                    name, workspace.read(name), baml_known, volatility.scope_of))
                continue
            if is_config_file(name):  # YAML / TOML holding prompt text (one too large or
                text, values = workspace.settings(name)  # not text holds none)
                prompts.extend((p, []) for p in prompt_config.prompts(
                    name, text, values, volatility.scope_of, crew_fills))
                continue
            if name.rsplit("/", 1)[-1] == "tokenizer_config.json":  # often past 1 MiB
                text = read_text(config.root / name, name, chat_template.MAX_CONFIG_BYTES,
                                 config.root)
                findings.extend(chat_template.config_findings(name, text, tokenizer))
                continue
            if name in found_prompt_files:  # text or Markdown: a prompt, notes or data
                try:
                    text = workspace.read(name)
                except InputError:
                    if is_prompt_file(name):
                        raise
                    continue  # a `.txt` file too large or not text: data, not a prompt
                if not _jinja_prompt(text):
                    # a prompt with `{name}` fields (code that reads it links it), or notes
                    found = text_prompt.prompt(name, text, volatility.scope_of)
                    if found is not None:
                        prompts.append((found, []))
                    continue
            else:
                text = workspace.read(name)
            if not text.strip():
                continue  # an empty file sends nothing (an include of it still reads it)
            if not is_prompt_template(name, text) and \
                    not any(glob_match(p, name) for p in config.include):
                continue  # a Dockerfile, page or manifest rendered with Jinja: not a prompt
            if chat_template.is_chat_template(text):
                findings.extend(chat_template.findings(name, text, tokenizer))
                continue
            try:
                members = workspace.load(name)
            except InputError as error:
                if name in found_prompt_files and \
                        error.message.startswith("template syntax error"):
                    # braces in a text file that are no template's (`rested={{0–10}}`, a
                    # format described in prose; hashtags in data): notes, not an error
                    continue
                raise
            workspace.check_cycle(members)
        except InputError as error:
            findings.append(rules.input_error(error.message, error.path, error.line, name,
                                              error.column))
            continue
        except Exception as exc:  # noqa: BLE001 - one template's bug must not stop the run
            findings.append(rules.input_error(_internal(exc), name, 1, name))
            continue
        loaded.append(name)
        referenced.update(members[1:])
    for name in loaded:
        if name in referenced:
            continue  # a partial: analyzed as part of the prompts that include it
        try:
            prompts.append((workspace.prompt(name), []))
        except InputError as error:
            findings.append(rules.input_error(error.message, error.path, error.line, name,
                                              error.column))
        except Exception as exc:  # noqa: BLE001
            findings.append(rules.input_error(_internal(exc), name, 1, name))
    if templates:  # a settings file's prompts: the code that looks them up by their keys
        prompts[:] = prompt_config.looked_up(prompts, [f for f in files if is_python(f)],
                                             workspace.read)
    if engine is not None:
        findings.extend(_through_engine(engine, config, tokenizer, files, prompts))
    measurements: list[Measurement] = []

    def lost(index: int, why: str) -> tuple[str, object]:
        prompt = prompts[index][0]
        return "error", rules.input_error(f"prefixlint could not measure this prompt: {why}",
                                          prompt.path, prompt.line, prompt.id)

    plain: dict[str, object] = {}  # directives of prompt files with no comments of their own
    outcomes = _outcomes(prompts, {index: sent for index, (sent, _) in early.items()},
                         measure_prompt, lost, tokenizer, config.jobs)
    for index, ((prompt, notes), (kind, value)) in enumerate(zip(prompts, outcomes)):
        if kind == "error":
            findings.append(value)
            continue
        measured = value
        measurements.append(measured)
        found = early[index][1] if index in early else \
            _rule_findings(prompt, notes, measured, config, provider, volatility, providers)
        silenced = _silencer(prompt, workspace, plain)
        findings += [f for f in found if not silenced(f)]
    if read is not None:
        read.update(workspace.files_read)
    return _linked_first(findings, measurements), measurements


def _crew_fills(python: Sequence[str], read: Callable[[str], str],
                volatility: Volatility) -> Callable[[str], Fills]:
    """What the kickoff calls of a CrewAI configuration file's crew fill its placeholders
    with (`crew_inputs`), read from the code once, when a crew file first asks: a scope the
    configuration declares stands, and a computed value is a request's only where the
    placeholder's name says nothing."""
    from .frontends.crew_inputs import Fills

    found: list[Callable[[str], Fills]] = []

    def fills(name: str) -> Fills:
        if not found:
            from .frontends.crew_inputs import kickoff_fills

            found.append(kickoff_fills(python, read))
        given = found[0](name)
        declared = {key for key in given.constant | given.varying
                    if volatility.explain(key).source == "configuration"}
        return Fills(given.constant - declared,
                     frozenset(key for key in given.varying - declared
                               if volatility.scope_of(key) is Scope.UNKNOWN))

    return fills


def _rule_findings(prompt: Prompt, notes: list, measured: Measurement, config: Config,
                   provider: ProviderModel, volatility: Volatility,
                   providers: dict[tuple[str, str], ProviderModel]) -> list[Finding]:
    """A measured prompt's findings before suppressions: what the rules say of its
    measurement and its notes. Plain data, so a worker that measured the prompt can
    compute them where it is (`providers` caches each SDK's provider model)."""
    noted = rules.note_findings(notes, prompt.id)
    at_notes = {f.span for f in noted}
    # A specific finding (unordered JSON, a filtered tool list) says more than a generic
    # volatile-value finding at the same place.
    explain = _explainer(prompt, volatility)
    found = [f for f in rules.findings_for(measured, config.min_gain_tokens, explain)
             if f.span not in at_notes]
    found += rules.history_findings(measured, config.conversation_turns,
                                    config.tokens_per_turn, explain)
    sent_to = providers.setdefault((prompt.sent_to, prompt.sent_model), config.provider_model(
        prompt.sent_to, prompt.sent_model)) if config.provider == AUTO else provider
    found = rules.below_minimum(found, measured, sent_to, conversation_growth(prompt, config))
    found += rules.provider_findings(measured, sent_to)
    return found + noted


def _silencer(prompt: Prompt, workspace: Workspace,
              plain: dict[str, object]) -> Callable[[Finding], bool]:
    """Whether a finding of a prompt is suppressed: by a directive in the file it stands in
    (a plain prompt file's own lines too: `<!-- prefixlint: ignore[PFX002] -->` in a `.md`
    that Python fills), or by `# noqa` on the Python line that passes its value or makes
    the call."""
    from . import suppress

    holes = {h.span: h for h in prompt.holes}

    def of(path: str):
        found = prompt.suppressions_for(path)
        if found is None and path not in plain and not is_python(path):
            try:
                plain[path] = suppress.from_lines(workspace.read(path))
            except InputError:
                plain[path] = None
        return found if found is not None else plain.get(path)

    def silenced(finding: Finding) -> bool:
        span = finding.span
        places = [(span.path, span.line)]
        if span.path != prompt.path:  # in a prompt file: the Python lines that fill it
            hole = holes.get(span)
            if hole is not None and hole.passed is not None:
                places.append((hole.passed.path, hole.passed.line))
            places.append((prompt.path, prompt.line))
        return any(found is not None and found.suppresses(finding.code, line)
                   for found, line in ((of(path), line) for path, line in places))

    return silenced


def _sendable(outcome: tuple[str, object], prompt: Prompt) -> tuple[str, object]:
    """What a worker sends back: a measurement without its prompt, and with each hole as its
    place in the prompt's holes (a template hole holds the environment that renders it,
    which the parent has already)."""
    kind, value = outcome
    if kind != "ok":
        return outcome
    places = {id(hole): index for index, hole in enumerate(prompt.holes)}
    return kind, map_holes(value, None, lambda hole: places.get(id(hole), hole))


def _received(payload: tuple[str, object], prompt: Prompt) -> tuple[str, object]:
    kind, value = payload
    if kind != "ok":
        return payload
    return kind, map_holes(value, prompt,
                           lambda found: prompt.holes[found] if isinstance(found, int) else found)


def _linked_first(findings: list[Finding], measurements: list[Measurement]) -> list[Finding]:
    """A template file that Python code renders (or a configuration file whose prompt text
    it reads) is also measured alone; the Python prompt's findings in it stand (it knows the
    values passed), and the lone measurement's findings in it are dropped, reported or not
    by the Python prompt (a value the code passes as a constant is no break)."""
    kinds = {m.prompt.id: m.prompt.kind for m in measurements}
    python = [m.prompt for m in measurements if m.prompt.kind == "python"]
    rendered = {path for prompt in python for path in prompt.files if not is_python(path)}
    # a configuration file's lines the code reads (another mapping of it stands alone)
    read_lines = {(s.span.path, s.span.line) for prompt in python for block in prompt.blocks
                  for s in block.segments if getattr(s, "span", None) is not None
                  and not is_python(s.span.path)}
    # a Jinja template written in code is measured alone too; where the code renders it
    # into a message, that prompt's findings (with the values passed) stand
    in_code = {m.prompt.id for m in measurements if (m.prompt.sink or "").startswith("jinja.")}
    sent = {h.span for m in measurements if m.prompt.kind == "python"
            and m.prompt.id not in in_code for h in m.prompt.holes}
    return [f for f in findings
            if not (f.prompt in in_code and f.span in sent)
            and not (kinds.get(f.prompt) in ("jinja", "text") and f.span.path in rendered)
            and not (kinds.get(f.prompt) == "config"
                     and (f.span.path, f.span.line) in read_lines)]


def _readable(workspace: Workspace, names: Sequence[str]) -> list[tuple[str, str]]:
    """(name, text) of the files that can be read as text (the others are reported where
    they are analyzed)."""
    out = []
    for name in names:
        try:
            out.append((name, workspace.read(name)))
        except InputError:
            continue
    return out


def _distinct(prompts: Sequence[tuple]) -> list[int]:
    """One prompt per call site, by position: a call that several rounds of the project's
    clients (or several clients of one name) each built is measured once, as the first
    built it (files are read in order, so the first is the same on every run)."""
    seen: set[str] = set()
    out = []
    for position, (prompt, _) in enumerate(prompts):
        if prompt.id not in seen:
            seen.add(prompt.id)
            out.append(position)
    return out


def _outcomes(prompts: list, early: Mapping[int, object],
              measure_prompt: Callable[[Prompt], tuple[str, object]],
              lost: Callable[[int, str], tuple[str, object]],
              tokenizer: Callable[[], Tokenizer], jobs: int | None) -> list[tuple[str, object]]:
    """Each prompt's measurement or error, in prompt order: what a worker of the Python
    phase measured (`early`, by index, as it was sent), the others measured here, on forked
    workers when there are many (`jobs`, else one per core for more than a few dozen)."""
    todo = [index for index in range(len(prompts)) if index not in early]
    count = jobs or workers.default_jobs(len(todo))
    if early and len(todo) < workers.MIN_PROMPTS:
        count = 1  # a few prompts left after the workers measured theirs: not worth a fork
    if early or todo:
        tokenizer()  # the run's own, for its result (its name, a warning) and what is left
    if todo and (count > 1 or len(todo) >= workers.MIN_PROMPTS):
        # loaded once, whole, before the workers are forked; and for a few dozen prompts
        # in this process too: their texts outgrow the vocabulary subsets within a few
        # prompts, and each subset built on the way is thrown away
        tokenizer().complete()
    measured = workers.run(len(todo), lambda k: measure_prompt(prompts[todo[k]][0]), count,
                           lambda k, outcome: _sendable(outcome, prompts[todo[k]][0]),
                           lambda k, payload: _received(payload, prompts[todo[k]][0]),
                           lambda k, why: lost(todo[k], why))
    out: list[tuple[str, object]] = [("", None)] * len(prompts)
    for k, outcome in zip(todo, measured):
        out[k] = outcome
    for index, payload in early.items():
        out[index] = _received(payload, prompts[index][0])
    return out
