"""Which remedy fits, by the three criteria: long conversations (sticky routing on the
session, or on the user when users hold several sessions), a prefix shared by every user
(prewarm every replica, at a KV memory cost per replica), memory tight (prewarm only the top
prefixes, or accept the misses); and the isolation note a shared KV store needs. Each piece
states the numbers it rests on; sticky routing is never advised where what it keeps is too
short to matter. Estimates, labelled as such.
"""

from __future__ import annotations

from dataclasses import dataclass

from .estimate import SHORT_PREFIX_TOKENS
from .fleet.kv_size import KvShape
from .fleet.workload import Workload

MEMORY_TIGHT_SHARE = 0.25  # prewarmed prefixes past a quarter of a replica's cache crowd it


@dataclass(frozen=True)
class Advice:
    """One criterion's verdict: the remedy, a sentence, and the figures it rests on."""

    criterion: str  # conversations, shared-prefix, memory, isolation
    remedy: str
    text: str
    numbers: tuple[tuple[str, float | int | str | None], ...]

    def as_dict(self) -> dict:
        return {"criterion": self.criterion, "remedy": self.remedy, "text": self.text,
                "numbers": dict(self.numbers)}


def size(count: float) -> str:
    """Bytes in binary units, as KV memory is counted."""
    for unit, scale in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if count >= scale:
            return f"{count / scale:,.1f} {unit}"
    return f"{count:,.0f} B"


def advise(work: Workload, kv: KvShape, replicas: int, ms_per_token: float,
           cache_tokens: int | None = None, hot_share: float = 0.0) -> list[Advice]:
    """The three criteria on this workload, in order, then the isolation note."""
    return [_conversations(work, replicas, ms_per_token, hot_share),
            _shared_prefix(work, kv, ms_per_token),
            _memory(work, kv, ms_per_token, cache_tokens), *isolation(work)]


def _conversations(work: Workload, replicas: int, ms: float, hot_share: float) -> Advice:
    own, by_user = work.session_tokens, work.user_tokens
    n = max(replicas, 2)
    lost = (1 - 1 / n) * own * ms
    numbers = (("turns_per_session", round(work.turns, 2)),
               ("sessions_per_user", round(work.sessions_per_user, 2)),
               ("session_tokens_mean", round(own, 1)), ("user_tokens_mean", round(by_user, 1)),
               ("replicas", replicas), ("prefill_ms_per_token", ms),
               ("sticky_saved_ms_per_request", round(lost, 2)))
    where = (f"round-robin over {replicas} replicas finds them 1/{replicas} of the time"
             if replicas > 1 else "one replica finds them every time; round-robin over 2 "
             "finds them half the time")
    estimate = (f"(1 - 1/{n}) x {own:,.0f} tokens x {ms:g} ms = up to {lost:,.1f} ms a "
                "request (the seed's estimate; a replica that served an earlier turn still "
                "holds part of the conversation)")
    if own < SHORT_PREFIX_TOKENS or work.turns < 2:
        return Advice("conversations", "no-sticky-routing",
                      f"no sticky routing: a request reuses {own:,.0f} tokens of its own "
                      f"session beyond the common prefix on average ({work.turns:.1f} requests "
                      f"a session), under {SHORT_PREFIX_TOKENS}: at most {own * ms:,.1f} ms a "
                      "request; keep round-robin or least-loaded", numbers)
    bound = (f"; one session sends {hot_share * 100:.0f}% of the requests: keep the "
             "stickiness and bound it (--load-factor 1.25, or a per-session rate limit)"
             if hot_share else "")
    if work.sessions_per_user > 1 and by_user >= SHORT_PREFIX_TOKENS:
        return Advice("conversations", "route-by-user",
                      f"route by user (hash:user on a consistent ring): users hold "
                      f"{work.sessions_per_user:.1f} sessions whose first turn reuses "
                      f"{by_user:,.0f} tokens of the user's others, and a request {own:,.0f} "
                      f"tokens of its own session ({work.turns:.1f} requests a session); "
                      f"{where}: {estimate}{bound}", numbers)
    return Advice("conversations", "route-by-session",
                  f"route by session (hash:session on a consistent ring): a request reuses "
                  f"{own:,.0f} tokens of its own session beyond the common prefix on average "
                  f"({work.turns:.1f} requests a session); {where}: {estimate}{bound}",
                  numbers)


def _shared_prefix(work: Workload, kv: KvShape, ms: float) -> Advice:
    tokens = work.prefix_tokens
    memory = tokens * kv.bytes_per_token
    numbers = (("shared_tokens_mean", round(work.shared_tokens, 1)),
               ("common_prefixes", len(work.prefixes)), ("common_prefix_tokens", tokens),
               ("kv_model", kv.name), ("kv_bytes_per_token", kv.bytes_per_token),
               ("kv_bytes_per_replica", memory),
               ("prefill_ms_per_miss", round(work.shared_tokens * ms, 2)))
    if work.shared_tokens < SHORT_PREFIX_TOKENS:
        return Advice("shared-prefix", "no-prewarm",
                      f"prewarming gains little: a request shares {work.shared_tokens:,.0f} "
                      f"tokens with every request of its prompt on average, under "
                      f"{SHORT_PREFIX_TOKENS}: {work.shared_tokens * ms:,.1f} ms of prefill "
                      "a request; make the prefix constant first (prefixlint check)", numbers)
    count = len(work.prefixes)
    return Advice("shared-prefix", "prewarm",
                  f"prewarm every replica (prefixlint prewarm, then prefixlint warm): "
                  f"requests start with {count} common prefix{'es' if count != 1 else ''}, "
                  f"{work.shared_tokens:,.0f} tokens on average ({work.shared_tokens * ms:,.1f}"
                  f" ms of prefill each time a replica lacks it); holding "
                  f"{'them' if count != 1 else 'it'} costs {tokens:,} tokens = {size(memory)} "
                  f"of KV on every replica ({kv.name}, {kv.bytes_per_token:,} bytes a token)",
                  numbers)


def _top(work: Workload, budget: int | None) -> tuple[int, int, int]:
    """The most valuable prefixes that fit in `budget` tokens (at least the first when no
    budget): how many, their tokens, the requests they start."""
    count = tokens = requests = 0
    for size_, served in work.prefixes:
        if budget is not None and tokens + size_ > budget:
            continue
        count, tokens, requests = count + 1, tokens + size_, requests + served
        if budget is None:
            break
    return count, tokens, requests


def _memory(work: Workload, kv: KvShape, ms: float, cache_tokens: int | None) -> Advice:
    tokens = work.prefix_tokens
    miss = work.shared_tokens * ms
    total = work.requests or 1
    if cache_tokens is None:
        count, top, served = _top(work, None)
        numbers = (("common_prefix_tokens", tokens), ("top_prefixes", count),
                   ("top_prefix_tokens", top), ("top_prefix_requests", served),
                   ("top_kv_bytes_per_replica", top * kv.bytes_per_token),
                   ("prefill_ms_per_miss", round(miss, 2)))
        return Advice("memory", "if-memory-is-tight",
                      f"if KV memory is tight: prewarm only the top prefix (prefixlint prewarm "
                      f"--top 1: {top:,} tokens, {size(top * kv.bytes_per_token)} a replica, "
                      f"starting {served / total * 100:.0f}% of the requests), or accept the "
                      f"misses ({miss:,.1f} ms of prefill a request on a replica without its "
                      "prefix)", numbers)
    share = tokens / cache_tokens
    numbers = (("common_prefix_tokens", tokens), ("cache_tokens", cache_tokens),
               ("share_of_cache", round(share, 4)), ("prefill_ms_per_miss", round(miss, 2)))
    if share <= MEMORY_TIGHT_SHARE:
        return Advice("memory", "prewarm-all",
                      f"memory is not tight: the common prefixes take {share * 100:.1f}% of "
                      f"each replica's {cache_tokens:,}-token prefix cache "
                      f"({size(tokens * kv.bytes_per_token)} of KV): prewarm them all",
                      numbers)
    count, top, served = _top(work, int(cache_tokens * MEMORY_TIGHT_SHARE))
    numbers += (("top_prefixes", count), ("top_prefix_tokens", top),
                ("top_prefix_requests", served))
    if not count:
        return Advice("memory", "accept-misses",
                      f"memory is tight: even the smallest common prefix is more than "
                      f"{MEMORY_TIGHT_SHARE * 100:.0f}% of each replica's {cache_tokens:,}-token "
                      f"cache; accept the misses ({miss:,.1f} ms of prefill a request on a "
                      "replica without its prefix)", numbers)
    return Advice("memory", "prewarm-top",
                  f"memory is tight: the common prefixes take {share * 100:.0f}% of each "
                  f"replica's {cache_tokens:,}-token cache; prewarm only the top {count} "
                  f"(prefixlint prewarm --top {count}: {top:,} tokens, "
                  f"{size(top * kv.bytes_per_token)}, starting {served / total * 100:.0f}% of "
                  f"the requests) and accept the other misses ({miss:,.1f} ms a request on "
                  "average)", numbers)


def isolation(work: Workload, places: tuple[str, ...] = ()) -> list[Advice]:
    """The note a shared KV store needs when what a request reuses beyond the common prefix
    is per-user or per-session content (`places` names the values, where known)."""
    own = max(work.session_tokens, work.user_tokens)
    if own <= 0 and not places:
        return []
    named = f" ({'; '.join(places)})" if places else ""
    return [Advice("isolation", "shared-store-holds-user-data",
                   f"a shared KV store would hold per-user content{named}: {own:,.0f} tokens a "
                   "request reuses beyond the common prefix are its user's or its session's; "
                   "the store copies user data out of the instance (its access control, "
                   "encryption and retention then apply to it)",
                   (("per_user_tokens_mean", round(own, 1)),))]


def document(advice: list[Advice], work: Workload, kv: KvShape) -> dict:
    """The JSON `remedies` key: the figures, then each piece of advice."""
    return {"label": "estimate", "kv": kv.as_dict(), "workload": work.as_dict(),
            "advice": [a.as_dict() for a in advice]}


def text(advice: list[Advice]) -> str:
    lines = ["Remedies (estimates, by the three criteria):"]
    lines.extend(f"  {a.criterion}: {a.text}" for a in advice)
    return "\n".join(lines) + "\n"
