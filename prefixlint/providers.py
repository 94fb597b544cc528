"""What each provider or engine actually caches of a shared prefix, as data.

Provider limits drift, so every entry carries the date it was checked and where the number
comes from; `[tool.prefixlint.providers.<name>]` overrides any of them.
"""

from __future__ import annotations

import dataclasses
import fnmatch
from dataclasses import dataclass
from typing import Mapping, Sequence


@dataclass(frozen=True)
class ProviderModel:
    """How one provider or engine turns a shared prefix of n tokens into cached tokens.

    `minimum`: nothing below it is cached. `step`: after the minimum, hits grow in steps of
    this many tokens (OpenAI 128). `block_size`: only full blocks are cached (vLLM 16).
    `breakpoints`: cached only up to an explicit breakpoint (Anthropic `cache_control`).
    """

    name: str
    minimum: int = 0
    step: int = 1
    block_size: int = 1
    breakpoints: bool = False
    max_breakpoints: int = 0
    lookback_blocks: int = 0
    routing_tokens: int = 0
    model_minimums: tuple[tuple[str, int], ...] = ()
    checked: str = ""
    source: str = ""
    model: str = ""

    def with_model(self, model: str | None) -> "ProviderModel":
        """This provider for one model: its own minimum where the data has one."""
        if not model:
            return self
        for pattern, minimum in self.model_minimums:
            if fnmatch.fnmatchcase(model.lower(), pattern):
                return dataclasses.replace(self, minimum=minimum, model=model)
        return dataclasses.replace(self, model=model)

    def cached_tokens(self, prefix: int, breakpoints: Sequence[int] | None = None) -> int:
        """Tokens the provider caches of a shared prefix of `prefix` tokens.

        With `breakpoints` (token offsets of `cache_control` markers), a breakpoint-based
        provider caches up to the largest one inside the shared prefix that reaches the
        minimum; without them, one is assumed at the end of the shared prefix.
        """
        if prefix <= 0:
            return 0
        if self.breakpoints:
            points = [prefix] if breakpoints is None else \
                [b for b in breakpoints[: self.max_breakpoints or None] if b <= prefix]
            usable = [b for b in points if b >= self.minimum]
            return max(usable, default=0)
        if prefix < self.minimum:
            return 0
        cached = self.minimum + self.step * ((prefix - self.minimum) // self.step)
        return self.block_size * (cached // self.block_size)


PROVIDERS: dict[str, ProviderModel] = {
    "generic": ProviderModel(
        "generic", checked="2026-11-30",
        source="the shared prefix itself, as an engine that caches token by token would"),
    "openai": ProviderModel(
        "openai", minimum=1024, step=128, routing_tokens=256, checked="2026-11-30",
        source="OpenAI prompt caching guide: automatic from 1,024 tokens, hits in 128-token "
               "increments, routed on a hash of about the first 256 tokens"),
    "anthropic": ProviderModel(
        "anthropic", minimum=1024, breakpoints=True, max_breakpoints=4, lookback_blocks=20,
        model_minimums=(("claude-opus-5*", 512), ("claude-haiku-4-5*", 4096),
                        ("claude-opus-4-5*", 4096), ("claude-opus-4-6*", 4096),
                        ("claude-sonnet-4-6*", 2048), ("claude-3-5-haiku*", 2048),
                        ("claude-3-haiku*", 2048), ("claude-haiku-3*", 2048),
                        ("claude-*", 1024)),
        checked="2026-11-30",
        source="Anthropic prompt caching docs (as relayed by LiteLLM's and gateway docs, "
               "2026-10): cached only up to cache_control breakpoints, at most 4, 20-block "
               "lookback; minimum 512-4,096 tokens by model"),
    "bedrock": ProviderModel(
        "bedrock", minimum=1024, breakpoints=True, max_breakpoints=4,
        model_minimums=(("*haiku-4-5*", 4096), ("*opus-4-5*", 4096), ("*opus-4-6*", 4096),
                        ("*opus-4-7*", 4096), ("*claude*", 1024)),
        checked="2026-11-30", source="AWS Bedrock prompt caching: per-model checkpoints and "
                                     "minimums (1,024 for Claude 3.7 Sonnet, 4,096 Haiku 4.5)"),
    "gemini": ProviderModel(
        "gemini", minimum=1024,
        model_minimums=(("gemini-2.5-flash-lite*", 2048), ("gemini-2.5-flash*", 1024),
                        ("gemini-2.5-pro*", 2048), ("gemini-3*", 4096)),
        checked="2026-11-30",
        source="Gemini API caching docs (2026-10: 2,048 for 2.5, 4,096 for 3.x); the API "
               "enforces 1,024 for 2.5 Flash and 2,048 for Flash-Lite (developer forum report)"),
    "deepseek": ProviderModel(
        "deepseek", minimum=64, block_size=64, checked="2026-11-30",
        source="DeepSeek context caching: automatic, stored in prefix units that must match "
               "whole (64 tokens); no published minimum beyond one unit"),
    "vllm": ProviderModel(
        "vllm", block_size=16, checked="2026-11-30",
        source="vLLM automatic prefix caching: full KV blocks of --block-size (16) tokens; a "
               "partial block is never cached"),
    "sglang": ProviderModel(
        "sglang", checked="2026-11-30", source="SGLang RadixAttention: token granularity "
                                               "(page size 1 by default)"),
    "llamacpp": ProviderModel(
        "llamacpp", checked="2026-11-30",
        source="llama.cpp llama-server: longest common token prefix with a slot (cache_prompt)"),
}

_OVERRIDE_KEYS = {"minimum": "minimum", "step": "step", "block-size": "block_size",
                  "max-breakpoints": "max_breakpoints", "routing-tokens": "routing_tokens"}


# Model names each API serves, to warn when a model and a provider do not go together (the
# engines serve any model).
MODEL_FAMILIES = {
    "openai": ("gpt-*", "o1*", "o3*", "o4*", "chatgpt-*", "codex-*", "ft:*"),
    "anthropic": ("claude-*",),
    "bedrock": ("*anthropic*", "*claude*", "*amazon*", "*nova*", "*titan*", "*meta*",
                "*llama*", "*mistral*", "*cohere*", "*deepseek*", "*qwen*", "*openai*"),
    "gemini": ("gemini-*", "models/gemini-*"),
    "deepseek": ("deepseek-*",),
}


def model_warning(name: str, model: str | None) -> str | None:
    """A warning when `model` is not one the provider serves (`--provider anthropic --model
    gpt-4o`): its minimums would be the provider's defaults, which is rarely what was meant."""
    families = MODEL_FAMILIES.get(name)
    if not model or families is None:
        return None
    if any(fnmatch.fnmatch(model.lower(), pattern) for pattern in families):
        return None
    return (f"prefixlint: warning: model {model!r} is not one that provider {name!r} serves; "
            f"its default caching minimum is used (check --provider)")


class ProviderError(ValueError):
    """An unknown provider or a bad override (a configuration error)."""


def provider(name: str, model: str | None = None,
             overrides: Mapping[str, Mapping[str, object]] | None = None) -> ProviderModel:
    """The provider model to measure with, for a model, with configured overrides applied."""
    base = PROVIDERS.get(name)
    if base is None:
        raise ProviderError(f"unknown provider {name!r} (known: auto, "
                            f"{', '.join(sorted(PROVIDERS))})")
    chosen = base.with_model(model)
    changes: dict[str, object] = {}
    for key, value in (overrides or {}).get(name, {}).items():
        if key not in _OVERRIDE_KEYS:
            raise ProviderError(f"unknown setting `providers.{name}.{key}` (expected one of: "
                                f"{', '.join(sorted(_OVERRIDE_KEYS))})")
        if not isinstance(value, int) or isinstance(value, bool) or value < (
                1 if key in ("step", "block-size") else 0):
            raise ProviderError(f"`providers.{name}.{key}` must be a whole number")
        changes[_OVERRIDE_KEYS[key]] = value
    if changes:
        chosen = dataclasses.replace(chosen, source=chosen.source + " (overridden in config)",
                                     **changes)
    return chosen
