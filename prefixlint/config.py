"""`[tool.prefixlint]` in pyproject.toml (or a prefixlint.toml) → a validated `Config`.

The project root is the folder of the nearest settings file above the working directory
(a prefixlint.toml, or a pyproject.toml that has a `[tool.prefixlint]` table); when there is
none, the nearest one above the paths given (as ruff uses the settings closest to the files);
else the working directory. Unknown keys and bad values are errors, never silently ignored.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from .scope import Scope

FAIL_ON = ("info", "warning", "error", "never")
AUTO = "auto"  # the provider each prompt's SDK sends it to
_CODE_SELECTOR = re.compile(r"^(ALL|PFX\d{0,3})$")


class ConfigError(ValueError):
    """Configuration the user must fix; the CLI prints it and exits 2."""


class TokenizerError(ValueError):
    """A tokenizer name or file the user asked for cannot be used (a configuration error;
    defined here so that the CLI names it without loading the tokenizers)."""


@dataclass(frozen=True)
class Config:
    """Resolved settings of one run."""

    root: Path
    source: Path | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    tokenizer: str = "o200k_base"
    tokenizer_path: str | None = None
    chat_template: str | None = None  # a model's chat template applied to every prompt
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    variables: tuple[tuple[str, Scope], ...] = ()
    search_paths: tuple[str, ...] = ()
    fail_on: str = "error"
    min_gain_tokens: int = 32
    conversation_turns: int = 8
    tokens_per_turn: int = 150
    force_exclude: bool = False
    include_tests: bool = False  # analyze test code (tests/, test_*.py, conftest.py) too
    respect_gitignore: bool = True
    jobs: int | None = None  # worker processes for measuring (None: one per core, for many)
    cache_dir: str | None = None  # where `check` keeps its results (default .prefixlint_cache)
    python_sources: tuple[tuple[str, Scope], ...] = ()
    python_sinks: tuple[str, ...] = ()
    models: tuple = ()  # the user's library models (models.SinkModel), before the shipped ones
    values: tuple[tuple[str, str], ...] = ()
    jinja: tuple[tuple[str, object], ...] = ()
    provider: str = "auto"  # per prompt, from the SDK it is sent through; else generic
    model: str | None = None
    providers: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()
    variables_map: Mapping[str, Scope] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variables_map", dict(self.variables))

    def provider_model(self, sent_to: str = "", sent_model: str = ""):
        """The provider model of this run (raises ConfigError for unknown names or overrides);
        with `provider = "auto"`, that of a prompt the code sends to `sent_to` (its SDK's
        provider, for `sent_model`), else the generic one."""
        from .providers import ProviderError, provider

        name, model = self.provider, self.model
        if name == AUTO:
            name, model = (sent_to, sent_model or model) if sent_to else ("generic", model)
        try:
            return provider(name, model, {n: dict(table) for n, table in self.providers})
        except ProviderError as exc:
            raise ConfigError(str(exc)) from None


def _strings(key: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"`{key}` must be a list of strings")
    return tuple(value)


def rules_folder() -> Path | None:
    """The rule catalogue's folder: `prefixlint/_rules` inside an installed wheel, or `rules/`
    at the top of a source checkout; None when neither is there."""
    here = Path(__file__).resolve().parent
    for folder in (here / "_rules", here.parent / "rules"):
        if folder.is_dir():
            return folder
    return None


def rule_codes() -> tuple[str, ...]:
    """The codes of the rule catalogue, from its file names (no rule is parsed)."""
    folder = rules_folder()
    return tuple(sorted(p.stem for p in folder.glob("PFX*.toml"))) if folder else ()


def parse_codes(key: str, value: Any) -> tuple[str, ...]:
    """Rule codes or prefixes; one that selects no rule is an error, as in ruff (a typo in
    `--ignore` would otherwise pass every run in silence)."""
    codes = tuple(c.strip().upper() for c in _strings(key, value))
    known = rule_codes()
    for code in codes:
        if not _CODE_SELECTOR.match(code):
            raise ConfigError(f"`{key}`: {code!r} is not a rule code or prefix (like PFX002 "
                              "or PFX0)")
        if known and code != "ALL" and not any(k.startswith(code) for k in known):
            close = difflib.get_close_matches(code, known, n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            raise ConfigError(f"`{key}`: {code!r} is not a rule code or prefix of one "
                              f"(`prefixlint rule --all` lists them){hint}")
    return codes


def _scope(key: str, value: Any) -> Scope:
    if not isinstance(value, str):
        raise ConfigError(f"`{key}` must be a scope name")
    try:
        return Scope.parse(value)
    except ValueError as exc:
        raise ConfigError(f"`{key}`: {exc}") from None


def _int(key: str, value: Any, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ConfigError(f"`{key}` must be a whole number of at least {minimum}")
    return value


# Every top-level setting (the README's settings table lists the same; a test compares them).
SETTINGS = ("include", "exclude", "extend-exclude", "force-exclude", "include-tests",
            "respect-gitignore", "search-paths", "tokenizer", "tokenizer-path", "chat-template",
            "select", "ignore", "per-file-ignores", "fail-on", "min-gain-tokens", "provider",
            "model", "providers", "variables", "values", "jinja", "conversation", "python",
            "jobs", "cache-dir", "models")


def _check_providers(tables) -> None:
    """Every `[providers.NAME]` table names a known provider and valid overrides, whether
    or not this run uses it (a typo must not pass in silence)."""
    from .providers import ProviderError, provider

    for name, table in tables:
        try:
            provider(name, None, {name: dict(table)})
        except ProviderError as exc:
            raise ConfigError(f"`providers.{name}`: {exc}") from None


def _parse_table(table: Mapping[str, Any]) -> dict[str, Any]:
    parsed: dict[str, Any] = {}
    for key, value in table.items():
        if key == "include":
            parsed["include"] = _strings(key, value)
        elif key in ("exclude", "extend-exclude"):
            parsed["exclude"] = parsed.get("exclude", ()) + _strings(key, value)
        elif key == "tokenizer":
            if not isinstance(value, str):
                raise ConfigError("`tokenizer` must be an encoding name like o200k_base")
            parsed["tokenizer"] = value
        elif key in ("tokenizer-path", "chat-template"):
            if not isinstance(value, str) or not value:
                raise ConfigError(f"`{key}` must be a path")
            parsed[key.replace("-", "_")] = value
        elif key in ("select", "ignore"):
            parsed[key] = parse_codes(key, value)
        elif key == "per-file-ignores":
            if not isinstance(value, dict):
                raise ConfigError("`per-file-ignores` must be a table of glob = [codes]")
            parsed["per_file_ignores"] = tuple(
                (glob, parse_codes(f"per-file-ignores.{glob}", codes))
                for glob, codes in sorted(value.items()))
        elif key == "variables":
            if not isinstance(value, dict):
                raise ConfigError("`variables` must be a table of name = scope")
            parsed["variables"] = tuple(
                (name, _scope(f"variables.{name}", scope)) for name, scope in
                sorted(_flatten(value).items()))
        elif key == "search-paths":
            parsed["search_paths"] = _strings(key, value)
        elif key == "fail-on":
            if value not in FAIL_ON:
                raise ConfigError(f"`fail-on` must be one of: {', '.join(FAIL_ON)}")
            parsed["fail_on"] = value
        elif key == "min-gain-tokens":
            parsed["min_gain_tokens"] = _int(key, value)
        elif key == "jinja":
            parsed["jinja"] = _parse_jinja(value)
        elif key == "values":
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                raise ConfigError("`values` must be a table of name = \"text\" (the real value "
                                  "of a static or deploy variable, for prewarm)")
            parsed["values"] = tuple(sorted(value.items()))
        elif key in ("provider", "model"):
            if not isinstance(value, str):
                raise ConfigError(f"`{key}` must be a name")
            parsed[key] = value
        elif key == "providers":
            if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
                raise ConfigError("`providers` must hold one table per provider, like "
                                  "[tool.prefixlint.providers.vllm] block-size = 32")
            parsed["providers"] = tuple((name, tuple(sorted(table.items())))
                                        for name, table in sorted(value.items()))
            _check_providers(parsed["providers"])
        elif key == "python":
            parsed.update(_parse_python(value))
        elif key == "models":
            parsed["models"] = _parse_models(value)
        elif key == "conversation":
            parsed.update(_parse_conversation(value))
        elif key == "jobs":
            parsed["jobs"] = _int(key, value, 1)
        elif key == "cache-dir":
            if not isinstance(value, str) or not value:
                raise ConfigError("`cache-dir` must be a folder")
            parsed["cache_dir"] = value
        elif key in ("force-exclude", "include-tests", "respect-gitignore"):
            if not isinstance(value, bool):
                raise ConfigError(f"`{key}` must be true or false")
            parsed[key.replace("-", "_")] = value
        else:
            hint = difflib.get_close_matches(key, SETTINGS, n=1)
            suffix = f" (did you mean `{hint[0]}`?)" if hint else ""
            raise ConfigError(f"unknown setting `{key}`{suffix}")
    return parsed


def _anchored_tokenizer(config: Config, base: Path) -> Config:
    """`hf:models/qwen` as an absolute path, relative to `base`."""
    name = config.tokenizer
    if name.startswith("hf:") and not Path(name[3:]).expanduser().is_absolute():
        return dataclasses.replace(config, tokenizer="hf:" + str(base / name[3:]))
    return config


def _parse_jinja(value: Any) -> tuple[tuple[str, object], ...]:
    """`[tool.prefixlint.jinja]`: the Environment options the application uses, and the
    names of its own filters and tests (rendered as identity and true on samples)."""
    allowed = {"trim-blocks": "trim_blocks", "lstrip-blocks": "lstrip_blocks",
               "keep-trailing-newline": "keep_trailing_newline"}
    names = ("filters", "tests")
    if not isinstance(value, dict):
        raise ConfigError("`jinja` must be a table")
    out: list[tuple[str, object]] = []
    for key, setting in value.items():
        if key in names:
            out.append((key, tuple(sorted(set(_strings(f"jinja.{key}", setting))))))
        elif key in allowed and isinstance(setting, bool):
            out.append((allowed[key], setting))
        else:
            raise ConfigError("`jinja` takes true/false for " + ", ".join(sorted(allowed)) +
                              ", and lists of names for filters and tests")
    return tuple(sorted(out))


def _inside_project(key: str, value: str, root: Path, source: Path | None, cwd: Path) -> None:
    """A file a project's settings name must be inside the project once links are followed:
    settings a repository ships never make prefixlint read (and copy into a manifest or a
    page) a file of the user's machine. A path given on the command line is the user's own."""
    target = Path(value).expanduser().resolve()
    top = root.resolve()
    if target != top and top not in target.parents:
        where = _shown(source, cwd) if source is not None else "the settings"
        raise ConfigError(f"{where}: `{key}` must name a file inside the project "
                          f"({value} is outside {top}); give a file elsewhere on the command "
                          f"line instead (--{key})")


def _anchored_template(config: Config, base: Path) -> Config:
    """A relative `chat-template` path, made absolute from `base`."""
    if config.chat_template and not Path(config.chat_template).expanduser().is_absolute():
        return dataclasses.replace(config, chat_template=str(base / config.chat_template))
    return config


def _parse_conversation(table: Any) -> dict[str, Any]:
    """`[tool.prefixlint.conversation]`: how long conversations are, for PFX006's cost."""
    if not isinstance(table, dict):
        raise ConfigError("`conversation` must be a table with `turns` and/or "
                          "`tokens-per-turn`")
    parsed: dict[str, Any] = {}
    for key, value in table.items():
        if key == "turns":
            parsed["conversation_turns"] = _int("conversation.turns", value, 1)
        elif key == "tokens-per-turn":
            parsed["tokens_per_turn"] = _int("conversation.tokens-per-turn", value, 1)
        else:
            raise ConfigError(f"unknown setting `conversation.{key}` (expected turns or "
                              "tokens-per-turn)")
    return parsed


def _parse_python(table: Any) -> dict[str, Any]:
    """`[tool.prefixlint.python]`: extra volatility sources and prompt sinks."""
    if not isinstance(table, dict):
        raise ConfigError("`python` must be a table with `sources` and/or `sinks`")
    parsed: dict[str, Any] = {}
    for key, value in table.items():
        if key == "sources":
            if not isinstance(value, dict):
                raise ConfigError("`python.sources` must be a table of qualified name = scope, "
                                  'like "myapp.clock.now" = "request"')
            parsed["python_sources"] = tuple((name, _scope(f"python.sources.{name}", scope))
                                             for name, scope in sorted(value.items()))
        elif key == "sinks":
            parsed["python_sinks"] = _strings("python.sinks", value)
        else:
            raise ConfigError(f"unknown setting `python.{key}` (expected sources or sinks)")
    return parsed


def _parse_models(value: Any) -> tuple:
    """`[[tool.prefixlint.models]]`: the user's library models, with the shipped files' keys
    (`prefixlint models` lists them)."""
    from .models import ModelError, parse_sink

    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        raise ConfigError("`models` must be an array of tables: [[tool.prefixlint.models]]")
    try:
        return tuple(parse_sink("project", table, f"models[{index}]")
                     for index, table in enumerate(value))
    except ModelError as exc:
        raise ConfigError(str(exc)) from None


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """`[tool.prefixlint.variables] account = {owner = "user"}` → `account.owner = user`."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = value
    return flat


def _read_settings(path: Path, found: bool = False) -> Mapping[str, Any] | None:
    """The prefixlint table of a settings file, or None when it holds none. A pyproject.toml
    `found` by looking for settings that is not TOML and never names prefixlint holds none
    (a project template's `pyproject.toml` with `{{ placeholders }}` configures no run)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        if found and path.name == "pyproject.toml" and "prefixlint" not in text:
            return None
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        if not isinstance(tool, dict):
            raise ConfigError(f"{path}: [tool] must be a table")
        table = tool.get("prefixlint")
        if table is not None and not isinstance(table, dict):
            raise ConfigError(f"{path}: [tool.prefixlint] must be a table")
        return table
    tool = data.get("tool")
    if "tool" in data and not isinstance(tool, dict):
        raise ConfigError(f"{path}: [tool] must be a table")
    table = tool.get("prefixlint", data) if isinstance(tool, dict) else data
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.prefixlint] must be a table")
    return table


def has_settings(folder: Path, names: Sequence[str] = ()) -> bool:
    """Whether a folder holds prefixlint settings (`names`: its file names, when listed)."""
    names = names or [n for n in ("prefixlint.toml", "pyproject.toml") if (folder / n).is_file()]
    return "prefixlint.toml" in names or (
        "pyproject.toml" in names
        and _read_settings(folder / "pyproject.toml", found=True) is not None)


def find_settings(start: Path) -> Path | None:
    """The nearest prefixlint.toml, or pyproject.toml with prefixlint settings, above `start`."""
    for folder in (start, *start.parents):
        for name in ("prefixlint.toml", "pyproject.toml"):
            candidate = folder / name
            if candidate.is_file() and (name == "prefixlint.toml"
                                        or _read_settings(candidate, found=True) is not None):
                return candidate
    return None


def _shown(path: Path, cwd: Path) -> str:
    try:
        return path.relative_to(cwd).as_posix()
    except ValueError:
        return str(path)


def _common_folder(paths: Sequence[Path]) -> Path | None:
    folders = [p if p.is_dir() else p.parent for p in paths if p.exists()]
    if not folders:
        return None
    return Path(os.path.commonpath([str(f) for f in folders]))


def _resolved_path(path: Path) -> Path:
    """A path given to a run, links resolved; a loop of links is a usage error."""
    try:
        return path.resolve()
    except RuntimeError:  # Python before 3.13 says "Symlink loop" this way
        raise ConfigError(f"{path}: a loop of symbolic links") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot be read ({error.strerror or error})") from None


def load(cwd: Path | None = None, config_file: Path | None = None,
         overrides: Mapping[str, Any] | None = None, paths: Sequence[Path] = ()) -> Config:
    """Resolve the configuration of a run; `overrides` (from the CLI) win over the file."""
    cwd = (cwd or Path.cwd()).resolve()
    explicit = (cwd / config_file).resolve() if config_file else None
    if explicit is not None and not explicit.is_file():
        raise ConfigError(f"configuration file {config_file} does not exist")
    discovered = find_settings(cwd)
    full = [_resolved_path(p if p.is_absolute() else cwd / p) for p in paths]
    common = _common_folder(full) if full else None
    nearest = find_settings(common) if common is not None else None
    if nearest is not None:  # the settings nearest to the paths win (ruff's rule)
        discovered = nearest
    # `--config` says where the settings are, not where the project is (ruff's way): the
    # root is the folder of the nearest settings file, else the current directory.
    source = explicit or discovered
    settings: dict[str, Any] = {}
    if source is not None:
        table = _read_settings(source)
        try:
            settings = _parse_table(table or {})
        except ConfigError as exc:
            raise ConfigError(f"{_shown(source, cwd)}: {exc}") from None
    root = discovered.parent if discovered is not None else cwd
    config = Config(root=root, source=source, **settings)
    config = _anchored_tokenizer(config, root)  # a path in the file: from the project root
    config = _anchored_template(config, root)
    if config.chat_template and not (overrides or {}).get("chat_template"):
        _inside_project("chat-template", config.chat_template, root, source, cwd)
    if overrides:
        config = dataclasses.replace(config, **{k: v for k, v in overrides.items()
                                                if v is not None})
        config = _anchored_tokenizer(config, cwd)  # a path on the command line: from the cwd
        config = _anchored_template(config, cwd)
    if config.tokenizer_path and not Path(config.tokenizer_path).is_absolute():
        config = dataclasses.replace(config, tokenizer_path=str(root / config.tokenizer_path))
    if config.cache_dir and not Path(config.cache_dir).is_absolute():
        config = dataclasses.replace(config, cache_dir=str(root / config.cache_dir))
    if config.cache_dir:
        target, top = Path(config.cache_dir).resolve(), root.resolve()
        if target == top or target in top.parents:
            raise ConfigError(f"`cache-dir` must be a folder of its own (it is "
                              f"{_shown(target, cwd)}, the project root or a folder above it), "
                              "like \".prefixlint_cache\"")
    return config
