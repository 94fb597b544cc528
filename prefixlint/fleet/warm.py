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
MAX_ANSWER_BYTES = 8_000_000  # a one-token completion, or a model list, is a few kilobytes


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
    counted: bool = False  # the server reports cached-token counts (else nothing to verify)

    @property
    def ratio(self) -> float | None:
        if not self.verified or not self.prefix_tokens or not self.counted:
            return None
        return round(self.cached_tokens / self.prefix_tokens, 3)

    def as_dict(self) -> dict:
        mean = (lambda xs: round(sum(xs) / len(xs), 1) if xs else None)
        return {"endpoint": self.endpoint, "warmed": self.warmed, "failed": self.failed,
                "prefix_tokens": self.prefix_tokens,
                "cached_tokens": self.cached_tokens if self.verified and self.counted
                else None,
                "cold_cached_tokens": self.cold_cached_tokens, "ratio": self.ratio,
                "cold_ms": mean(self.cold_ms), "warm_ms": mean(self.warm_ms),
                "errors": self.errors[:5] + (
                    ["the server reports no cached-token counts: nothing to verify ("
                     + COUNTS_HINT + ")"]
                    if self.verified and self.warmed and not self.counted else [])}

    def ok(self, verify: bool) -> bool:
        if self.failed or not self.warmed:
            return False
        return not verify or self.cached_tokens > 0


# How each engine is made to report cached tokens, for when a server does not.
COUNTS_HINT = ("start vLLM with --enable-prompt-tokens-details, SGLang with "
               "--enable-cache-report; llama.cpp reports them as it is")


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


def _table(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def cached_of(payload: dict) -> int:
    """Reused prompt tokens as the server reports them (OpenAI usage or llama.cpp timings);
    a malformed report counts as none."""
    usage = _table(payload.get("usage"))
    details = _table(usage.get("prompt_tokens_details"))
    if "cached_tokens" in details:
        return _count(details["cached_tokens"])
    return _count(_table(payload.get("timings")).get("cache_n"))


def reports_cached(payload: dict) -> bool:
    """Whether an answer says how many prompt tokens came from the cache at all."""
    details = _table(_table(payload.get("usage")).get("prompt_tokens_details"))
    return "cached_tokens" in details or "cache_n" in _table(payload.get("timings"))


def prompt_tokens_of(payload: dict) -> int:
    usage = _table(payload.get("usage"))
    if "prompt_tokens" in usage:
        return _count(usage["prompt_tokens"])
    timings = _table(payload.get("timings"))
    return _count(timings.get("prompt_n")) + _count(timings.get("cache_n"))


def manifest_error(manifest: object, api: str) -> str | None:
    """Why a manifest cannot be sent (naming the entry), or None: it must be what
    `prefixlint prewarm` writes."""
    if not isinstance(manifest, dict) or manifest.get("version") != 1 or \
            not isinstance(manifest.get("entries"), list):
        return "not a prefixlint manifest (version 1)"
    for index, entry in enumerate(manifest["entries"]):
        where = f"entry {index + 1}"
        requests = entry.get("requests") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or \
                not isinstance(requests, dict):
            return f"{where}: not an entry (an object with an id and requests)"
        if api == "completions":
            kind = _completions(requests)
            body = requests.get(kind)
            if not isinstance(body, dict) or not isinstance(body.get("prompt"), str):
                return f"{where}: {kind} needs a prompt string"
        else:
            body = requests.get("openai_chat")
            messages = body.get("messages") if isinstance(body, dict) else None
            if not isinstance(messages, list) or not all(
                    isinstance(m, dict) and isinstance(m.get("role"), str)
                    and isinstance(m.get("content"), (str, list)) for m in messages):
                return f"{where}: openai_chat needs a list of messages with a role and content"
    return None


def _completions(requests: dict) -> str:
    """The raw-text request to send: the engine's own text when the manifest was written
    through the model's chat template (`engine_completions`), else the joined messages."""
    return "engine_completions" if "engine_completions" in requests else "openai_completions"


def _bodies(entry: dict, options: Options) -> tuple[str, dict, dict]:
    """The path, the warming body and the verification body of one entry."""
    if options.api == "completions":
        body = dict(entry["requests"][_completions(entry["requests"])])
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

    from .. import bounded_json
    from .bounded_http import BoundError, request

    last = "no attempt"
    for attempt in range(options.retries):
        start = time.perf_counter()
        try:  # the whole exchange has one deadline: a server that drips bytes cannot hold it
            status, text = await request(client, "POST", url, options.timeout,
                                         MAX_ANSWER_BYTES, json=body)
        except BoundError as exc:
            last = str(exc)
        except httpx.HTTPError as exc:
            last = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        else:
            elapsed = (time.perf_counter() - start) * 1000
            if 200 <= status < 300:
                try:
                    payload = bounded_json.loads(text)
                except ValueError:
                    raise RuntimeError(f"{url}: the answer is not JSON") from None
                if not isinstance(payload, dict):
                    raise RuntimeError(f"{url}: the answer is not a JSON object")
                return payload, elapsed
            if 300 <= status < 400:
                raise RuntimeError(f"HTTP {status}: a redirect, not an answer")
            last = f"HTTP {status} from {url}: {text[:200].decode('utf-8', 'replace')}"
            if status not in RETRYABLE_STATUS:
                break
        if attempt + 1 < options.retries:
            await asyncio.sleep(options.backoff * 2 ** attempt)
    raise RuntimeError(last)


def base_url(endpoint: str) -> str:
    """`http://host:8000` and the usual base-URL form `http://host:8000/v1` are the same
    server: requests go to `/v1/...` once."""
    endpoint = endpoint.rstrip("/")
    return endpoint[:-3] if endpoint.endswith("/v1") else endpoint


async def _model_of(client, endpoint: str, timeout: float) -> str | None:
    from .. import bounded_json
    from .bounded_http import request

    try:
        _, text = await request(client, "GET", endpoint + "/v1/models", timeout,
                                MAX_ANSWER_BYTES)
        data = bounded_json.loads(text).get("data") or []
        return data[0].get("id") if data else None
    except Exception:  # noqa: BLE001 - a server without /v1/models takes bodies without model
        return None


async def _warm_instance(endpoint: str, entries: Sequence[dict], options: Options,
                         limit: asyncio.Semaphore, progress: Callable[[], None]) -> InstanceResult:
    result = InstanceResult(endpoint, verified=options.verify)
    headers = {"Authorization": f"Bearer {options.api_key}"} if options.api_key else {}
    try:
        await _send_all(endpoint, entries, options, limit, progress, result, headers)
    except Exception as exc:  # noqa: BLE001 - one endpoint's failure is reported, not fatal
        result.failed = len(entries) - result.warmed
        result.errors.append(f"{endpoint}: {type(exc).__name__}: {exc}")
    return result


async def _send_all(endpoint: str, entries: Sequence[dict], options: Options,
                    limit: asyncio.Semaphore, progress: Callable[[], None],
                    result: InstanceResult, headers: dict) -> None:
    import httpx

    endpoint = base_url(endpoint)
    async with httpx.AsyncClient(timeout=options.timeout, headers=headers) as client:
        model = options.model or await _model_of(client, endpoint, options.timeout)
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
                        result.counted = result.counted or reports_cached(again)
                        result.cached_tokens += min(cached_of(again), prompt_tokens_of(warmed))
                except RuntimeError as exc:
                    result.failed += 1
                    result.errors.append(f"entry {entry['id'][:12]}: {exc}")
            progress()


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
