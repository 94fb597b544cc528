"""HTTP exchanges with bounds, for `warm` and `metrics`: one deadline for the whole exchange
(a server that drips a byte a second never holds a run), a bound on the body *after*
decompression (a small gzip bomb never becomes gigabytes: the body is inflated here, a step
at a time, never by the client library), and only the encodings we can bound are asked for.
"""

from __future__ import annotations

import asyncio
import time
import zlib

ACCEPT = {"Accept-Encoding": "gzip, deflate"}


def url_problem(url: str) -> str | None:
    """What makes `url` no address of a server (None when it is one): not http(s), no host,
    a port or an IPv6 address that does not parse."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises for a port that is not a number in range
    except ValueError as exc:
        return f"is not a URL ({exc})"
    if parts.scheme not in ("http", "https"):
        return "is not an http:// or https:// URL"
    if not parts.hostname:
        return "names no host"
    return None


class BoundError(Exception):
    """An answer past a bound: too large once decompressed, too slow, or encoded in a way
    that was not asked for."""


class _Body:
    """The decoded body as its raw chunks arrive, refused as soon as it passes `limit`."""

    def __init__(self, url: str, encoding: str, limit: int) -> None:
        encoding = encoding.strip().lower()
        if encoding in ("", "identity"):
            self.inflater = None
        elif encoding in ("gzip", "x-gzip", "deflate"):
            self.inflater = zlib.decompressobj(32 + zlib.MAX_WBITS)  # gzip or zlib header
        else:
            raise BoundError(f"{url}: the answer is encoded as {encoding!r}, which was not "
                             "asked for")
        self.url, self.limit, self.data = url, limit, bytearray()

    def add(self, chunk: bytes) -> None:
        if self.inflater is None:
            self._keep(chunk)
            return
        try:
            while chunk:
                # never more than the room left (plus one byte, to see the bound passed)
                self._keep(self.inflater.decompress(chunk, self.limit - len(self.data) + 1))
                chunk = self.inflater.unconsumed_tail
        except zlib.error as exc:
            raise BoundError(f"{self.url}: the compressed answer is damaged ({exc})") from None

    def _keep(self, data: bytes) -> None:
        self.data += data
        if len(self.data) > self.limit:
            raise BoundError(f"{self.url}: the answer is larger than {self.limit:,} bytes")


def get(url: str, timeout: float, limit: int) -> tuple[int, bytes]:
    """The status and body of a GET, within one deadline and `limit` decoded bytes."""
    import httpx

    deadline = time.monotonic() + timeout
    with httpx.stream("GET", url, timeout=timeout, follow_redirects=False,
                      headers=ACCEPT) as response:
        body = _Body(url, response.headers.get("content-encoding", ""), limit)
        for chunk in response.iter_raw():
            body.add(chunk)
            if time.monotonic() > deadline:
                raise BoundError(f"{url}: no complete answer within {timeout:g} s")
        return response.status_code, bytes(body.data)


async def request(client, method: str, url: str, timeout: float, limit: int,
                  json: object = None) -> tuple[int, bytes]:
    """The status and body of a request sent with an `httpx.AsyncClient`, within one
    deadline for the whole exchange and `limit` decoded bytes."""

    async def exchange() -> tuple[int, bytes]:
        async with client.stream(method, url, json=json, headers=ACCEPT) as response:
            body = _Body(url, response.headers.get("content-encoding", ""), limit)
            async for chunk in response.aiter_raw():
                body.add(chunk)
            return response.status_code, bytes(body.data)

    try:
        return await asyncio.wait_for(exchange(), timeout)
    except asyncio.TimeoutError:
        raise BoundError(f"{url}: no complete answer within {timeout:g} s") from None
