"""Sends a prewarm manifest to OpenAI-compatible servers (vLLM, SGLang, llama.cpp, TGI).

Each entry goes to each instance with bounded concurrency, a timeout and retries with
backoff; an instance that cannot be reached is reported and the others are still warmed.
With verification, each prefix is sent again with a short new suffix and the server's own
count of reused tokens is read, per instance: an average would hide the one cold replica.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

VERIFY_SUFFIX = "Reply with the single word OK."
RETRYABLE_STATUS = {408, 425, 429, 500, 502, 503, 504}


@dataclass
class InstanceResult:
    """What one instance did with the manifest."""

    endpoint: str
    warmed: int = 0
    failed: int = 0
    prefix_tokens: int = 0
    cached_tokens: int = 0
    cold_cached_tokens: int = 0
    cold_ms: list[float] = field(default_factory=list)
    warm_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    verified: bool = False

    @property
    def ratio(self) -> float | None:
        if not self.verified or not self.prefix_tokens:
            return None
        return round(self.cached_tokens / self.prefix_tokens, 3)

    def as_dict(self) -> dict:
        mean = (lambda xs: round(sum(xs) / len(xs), 1) if xs else None)
        return {"endpoint": self.endpoint, "warmed": self.warmed, "failed": self.failed,
                "prefix_tokens": self.prefix_tokens,
                "cached_tokens": self.cached_tokens if self.verified else None,
                "cold_cached_tokens": self.cold_cached_tokens, "ratio": self.ratio,
                "cold_ms": mean(self.cold_ms), "warm_ms": mean(self.warm_ms),
                "errors": self.errors[:5]}

    def ok(self, verify: bool) -> bool:
        if self.failed or not self.warmed:
            return False
        return not verify or self.cached_tokens > 0


@dataclass(frozen=True)
class Options:
    api: str = "chat"
    model: str | None = None
    api_key: str | None = None
    concurrency: int = 4
    timeout: float = 60.0
    retries: int = 3
    backoff: float = 0.25
    verify: bool = False


def cached_of(payload: dict) -> int:
    """Reused prompt tokens as the server reports them (OpenAI usage or llama.cpp timings)."""
    usage = payload.get("usage") or {}
    details = usage.get("prompt_tokens_details") or {}
    if isinstance(details.get("cached_tokens"), int):
        return details["cached_tokens"]
    timings = payload.get("timings") or {}
    if isinstance(timings.get("cache_n"), int):
        return timings["cache_n"]
    return 0


def prompt_tokens_of(payload: dict) -> int:
    usage = payload.get("usage") or {}
    if isinstance(usage.get("prompt_tokens"), int):
        return usage["prompt_tokens"]
    timings = payload.get("timings") or {}
    return int(timings.get("prompt_n", 0)) + int(timings.get("cache_n", 0))


def _bodies(entry: dict, options: Options) -> tuple[str, dict, dict]:
    """The path, the warming body and the verification body of one entry."""
    if options.api == "completions":
        body = dict(entry["requests"]["openai_completions"])
        verify = dict(body, prompt=body["prompt"] + "\n\n" + VERIFY_SUFFIX)
        path = "/v1/completions"
    else:
        body = dict(entry["requests"]["openai_chat"])
        verify = dict(body, messages=list(body["messages"]) +
                      [{"role": "user", "content": VERIFY_SUFFIX}])
        path = "/v1/chat/completions"
    if options.model:
        body["model"] = verify["model"] = options.model
    return path, body, verify


async def _post(client, url: str, body: dict, options: Options) -> tuple[dict, float]:
    import httpx

    last = "no attempt"
    for attempt in range(options.retries):
        start = time.perf_counter()
        try:
            response = await client.post(url, json=body)
        except httpx.HTTPError as exc:
            last = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        else:
            elapsed = (time.perf_counter() - start) * 1000
            if response.status_code < 400:
                try:
                    return response.json(), elapsed
                except ValueError:
                    raise RuntimeError(f"{url}: the answer is not JSON") from None
            last = f"HTTP {response.status_code}: {response.text[:200]}"
            if response.status_code not in RETRYABLE_STATUS:
                break
        if attempt + 1 < options.retries:
            await asyncio.sleep(options.backoff * 2 ** attempt)
    raise RuntimeError(last)


async def _model_of(client, endpoint: str) -> str | None:
    try:
        response = await client.get(endpoint + "/v1/models")
        data = response.json().get("data") or []
        return data[0].get("id") if data else None
    except Exception:  # noqa: BLE001 - a server without /v1/models takes bodies without model
        return None


async def _warm_instance(endpoint: str, entries: Sequence[dict], options: Options,
                         limit: asyncio.Semaphore, progress: Callable[[], None]) -> InstanceResult:
    import httpx

    result = InstanceResult(endpoint, verified=options.verify)
    headers = {"Authorization": f"Bearer {options.api_key}"} if options.api_key else {}
    async with httpx.AsyncClient(timeout=options.timeout, headers=headers) as client:
        model = options.model or await _model_of(client, endpoint)
        instance_options = Options(**{**options.__dict__, "model": model})
        for entry in entries:
            path, body, verify = _bodies(entry, instance_options)
            async with limit:
                try:
                    warmed, cold_ms = await _post(client, endpoint + path, body, options)
                    result.warmed += 1
                    result.cold_ms.append(cold_ms)
                    result.prefix_tokens += prompt_tokens_of(warmed)
                    result.cold_cached_tokens += cached_of(warmed)
                    if options.verify:
                        again, warm_ms = await _post(client, endpoint + path, verify, options)
                        result.warm_ms.append(warm_ms)
                        result.cached_tokens += min(cached_of(again), prompt_tokens_of(warmed))
                except RuntimeError as exc:
                    result.failed += 1
                    result.errors.append(f"entry {entry['id'][:12]}: {exc}")
            progress()
    return result


def warm(manifest: dict, endpoints: Sequence[str], options: Options,
         progress: Callable[[int, int], None] | None = None) -> list[InstanceResult]:
    """Warm every instance with every entry; results in the order the endpoints were given."""
    entries = manifest.get("entries") or []
    total = len(entries) * len(endpoints)
    done = [0]

    def step() -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], total)

    async def run() -> list[InstanceResult]:
        limit = asyncio.Semaphore(max(1, options.concurrency))
        return list(await asyncio.gather(*[
            _warm_instance(e.rstrip("/"), entries, options, limit, step) for e in endpoints]))

    return asyncio.run(run())
