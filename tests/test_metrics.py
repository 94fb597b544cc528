"""`prefixlint metrics` on recorded metric pages of vLLM and SGLang (the live llama.cpp
case is in test_replicas_engine.py): each engine's families read, per instance, with the
cold instance flagged and every instance that cannot be read reported on its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import QuietHandler, run_cli, serve
from prefixlint.fleet.metrics import MetricsError, metrics_url, reading

PAGES = Path(__file__).with_name("metrics")


@pytest.mark.parametrize("page, engine, ratio", [
    ("vllm.txt", "vllm", 0.8),  # hits / queries, in tokens
    ("vllm_v0.txt", "vllm", 0.12),  # the older gauge
    ("sglang.txt", "sglang", 0.75),  # cached tokens of every source / prompt tokens
    ("sglang_gauge.txt", "sglang", 0.81),
])
def test_each_engines_families_give_its_hit_ratio(page, engine, ratio):
    found = reading((PAGES / page).read_text())
    assert found.engine == engine and found.ratio == pytest.approx(ratio)


def test_a_page_without_cache_metrics_names_what_it_found():
    with pytest.raises(MetricsError, match="found families process, python"):
        reading("process_cpu_seconds_total 1.5\npython_gc_objects_collected_total 10\n")


@pytest.mark.parametrize("page", [
    "vllm:prefix_cache_hits_total -500\nvllm:prefix_cache_queries_total 100\n",
    "vllm:prefix_cache_hits_total 900\nvllm:prefix_cache_queries_total 100\n",
    "sglang:cache_hit_rate 7.5\n",
])
def test_figures_no_engine_can_report_are_an_invalid_reading(page):
    """A negative counter, more hits than lookups or a rate past 1 is never a hit ratio."""
    with pytest.raises(MetricsError, match="invalid reading"):
        reading(page)


def test_base_urls_and_metrics_urls_mean_the_same_page():
    assert metrics_url("http://h:8000") == metrics_url("http://h:8000/v1/") == \
        metrics_url("http://h:8000/metrics") == "http://h:8000/metrics"


def _serve(pages: dict[str, str]):
    class Handler(QuietHandler):
        def do_GET(self):
            name = self.path.strip("/").split("/")[0]
            body = pages.get(name)
            self.send_response(200 if body is not None and self.path.endswith("/metrics")
                               else 404)
            self.end_headers()
            self.wfile.write((body or "not here").encode())

    server = serve(Handler)
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def test_the_cold_replica_is_flagged_with_the_remedy(tmp_path):
    warm = (PAGES / "vllm.txt").read_text()
    server, base = _serve({"a": warm, "b": warm, "c": (PAGES / "vllm_v0.txt").read_text(),
                           "d": "process_cpu_seconds_total 2\n"})
    try:
        proc = run_cli("metrics", f"{base}/a/v1", f"{base}/b", f"{base}/c", f"{base}/d",
                       f"{base}/missing", cwd=tmp_path)
        as_json = run_cli("metrics", f"{base}/a", f"{base}/c", "--output-format", "json",
                          cwd=tmp_path)
    finally:
        server.shutdown()
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[1].split()[1:4] == ["vllm", "80.0%", "960,000"]
    assert lines[3].split()[1:3] == ["vllm", "12.0%"]
    assert "no prefix-cache metrics" in lines[4]
    assert lines[5].endswith("answered HTTP 404")
    assert lines[6] == (f"cold: {base}/c caches 12.0% of its prompt tokens against 80.0% on "
                        f"the others — warm it: prefixlint warm --manifest prewarm.json "
                        f"--endpoint {base}/c")
    document = json.loads(as_json.stdout)
    assert [(i["engine"], i["hit_ratio"], i["cold"]) for i in document["instances"]] == \
        [("vllm", 0.8, False), ("vllm", 0.12, True)]


def test_a_dripping_or_endless_server_costs_one_bounded_reading(tmp_path):
    """One server sends a byte at a time and never finishes, another sends a page without
    end: each is that instance's error, within the timeout and the size bound."""
    import time

    class Handler(QuietHandler):
        def do_GET(self):
            self.send_response(200)
            self.end_headers()
            try:
                if self.path.startswith("/drip"):
                    for _ in range(100):
                        self.wfile.write(b"#")
                        self.wfile.flush()
                        time.sleep(0.2)
                else:
                    line = b"# " + b"x" * 1000 + b"\n"
                    for _ in range(10_000):  # 10 MB
                        self.wfile.write(line)
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = serve(Handler)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        proc = run_cli("metrics", f"{base}/drip", f"{base}/flood", "--timeout", "1",
                       cwd=tmp_path, timeout=60)
    finally:
        server.shutdown()
    assert proc.returncode == 1
    assert "/drip/metrics: no complete page within 1 s" in proc.stdout
    assert "/flood/metrics: the page is larger than 5,000,000 bytes" in proc.stdout
