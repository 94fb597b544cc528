"""Servers that answer `warm` and `metrics` with too much (issue 22): a gzip bomb (a few
kilobytes that inflate to 60 MB), an encoding that was not asked for, a damaged stream. Each
is that instance's error, the body is never held past its bound, and the other instances are
still warmed or read."""

from __future__ import annotations

import gzip
import json

import pytest

from prefixlint.fleet.bounded_http import BoundError, _Body

from conftest import QuietHandler, run_cli, serve

BOMB = gzip.compress(b"\0" * 60_000_000, compresslevel=9)
MANIFEST = {"version": 1, "entries": [{
    "id": "a" * 64, "prefix_tokens": 50, "text": "x",
    "requests": {"openai_chat": {"model": "m", "messages": [{"role": "system", "content": "x"}],
                                 "max_tokens": 1},
                 "completion": {"model": "m", "prompt": "x", "max_tokens": 1}}}]}
OK = json.dumps({"usage": {"prompt_tokens": 50,
                           "prompt_tokens_details": {"cached_tokens": 0}}}).encode()
PAGE = b"vllm:prefix_cache_queries_total 100\nvllm:prefix_cache_hits_total 40\n"


class _Server:
    """Answers by the first part of the path: `bomb`, `brotli`, `damaged` or `ok`."""

    def __init__(self) -> None:
        class Handler(QuietHandler):
            def _answer(self, plain: bytes) -> None:
                kind = self.path.split("/")[1]
                body, encoding = {"bomb": (BOMB, "gzip"), "brotli": (b"\x1b\x00", "br"),
                                  "damaged": (BOMB[:20] + b"\xff" * 64, "gzip"),
                                  "ok": (plain, "")}[kind]
                self.send_response(200)
                if encoding:
                    self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                self._answer(PAGE)

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                self._answer(OK)

        self.server = serve(Handler)

    def url(self, kind: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/{kind}"


@pytest.fixture(scope="module")
def server():
    running = _Server()
    yield running
    running.server.shutdown()


def test_a_bomb_is_refused_before_it_is_inflated_past_the_bound():
    body = _Body("http://x", "gzip", 1_000_000)
    with pytest.raises(BoundError, match="larger than 1,000,000 bytes"):
        for start in range(0, len(BOMB), 4096):
            body.add(BOMB[start:start + 4096])
    assert len(body.data) <= 1_000_001  # never more than the bound and one byte


def test_warm_reports_each_oversized_or_odd_answer_and_warms_the_rest(tmp_path, server):
    (tmp_path / "m.json").write_text(json.dumps(MANIFEST))
    endpoints = [server.url(k) for k in ("ok", "bomb", "brotli", "damaged")]
    args = ["warm", "--manifest", "m.json", "--timeout", "10", "--retries", "1",
            "--model", "m", "--output-format", "json"]
    for endpoint in endpoints:
        args += ["--endpoint", endpoint]
    done = run_cli(*args, cwd=tmp_path, timeout=120)
    assert done.returncode == 1, done.stderr
    errors = {i["endpoint"]: (i["warmed"], i["errors"])
              for i in json.loads(done.stdout)["instances"]}
    assert errors[server.url("ok")] == (1, [])
    assert "the answer is larger than 8,000,000 bytes" in errors[server.url("bomb")][1][0]
    assert "encoded as 'br', which was not asked for" in errors[server.url("brotli")][1][0]
    assert "the compressed answer is damaged" in errors[server.url("damaged")][1][0]


def test_metrics_reports_a_bomb_as_that_instances_reading(tmp_path, server):
    done = run_cli("metrics", server.url("ok"), server.url("bomb"), cwd=tmp_path,
                   timeout=120)
    assert "the page is larger than 5,000,000 bytes" in done.stdout, done.stdout + done.stderr
    ok = next(line for line in done.stdout.splitlines() if line.startswith(server.url("ok")))
    assert ok.split()[1:] == ["vllm", "40.0%", "40", "100"]  # the other one is still read


@pytest.mark.parametrize("url,words", [
    ("http://[::1", "http://[::1 is not a URL (Invalid IPv6 URL)"),
    ("ftp://replica-2", "ftp://replica-2 is not an http:// or https:// URL"),
    ("http://ops:hunter2@replica-3:99999", "http://ops:***@replica-3:99999 is not a URL"),
    ("http:///v1", "http:///v1 names no host"),
])
def test_a_malformed_server_url_is_a_usage_error_that_names_it(tmp_path, url, words):
    (tmp_path / "m.json").write_text(json.dumps(MANIFEST))
    for args in (["warm", "--manifest", "m.json", "--endpoint", url], ["metrics", url]):
        done = run_cli(*args, cwd=tmp_path)
        assert done.returncode == 2 and words in done.stderr, done.stderr
        assert "hunter2" not in done.stderr
