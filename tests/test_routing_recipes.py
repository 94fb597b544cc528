"""The README's nginx recipe for sticky routing, run through a real nginx (Debian's
nginx-light; .ci/run installs it): every request of a session reaches the same backend, and
sessions spread over all backends."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time

import httpx
import pytest

from conftest import REPO, QuietHandler, serve
from engine import free_port

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx")
                                  else None)
if NGINX is None and not os.environ.get("CI"):
    pytest.skip("needs nginx (.ci/run installs nginx-light)", allow_module_level=True)


def _backend(name: str):
    class Handler(QuietHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            body = name.encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return serve(Handler)


def test_the_readmes_nginx_recipe_keeps_each_session_on_one_backend(tmp_path):
    assert NGINX, "nginx is missing"
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    [snippet] = re.findall(r"```nginx\n(.*?)```", readme, re.S)
    backends = [_backend(f"replica-{i}") for i in range(3)]
    addresses = iter(f"127.0.0.1:{b.server_address[1]}" for b in backends)
    snippet = re.sub(r"server 10\.0\.0\.\d+:8000;", lambda _: f"server {next(addresses)};",
                     snippet)
    port = free_port()
    snippet = snippet.replace("listen 8080;", f"listen 127.0.0.1:{port};")
    temp = "".join(f"{kind}_temp_path {tmp_path}/{kind};\n"
                   for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp_path / "nginx.conf").write_text(
        f"worker_processes 1;\npid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n"
        f"events {{}}\nhttp {{\naccess_log off;\n{temp}{snippet}\n}}\n")
    nginx = subprocess.Popen([NGINX, "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path),
                              "-g", "daemon off;"], stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                httpx.post(f"http://127.0.0.1:{port}/v1/chat/completions", json={}, timeout=1)
                break
            except httpx.HTTPError:
                assert nginx.poll() is None, nginx.stderr.read()
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.1)
        seen: dict[str, set[str]] = {}
        for round_ in range(3):
            for session in range(40):
                answer = httpx.post(f"http://127.0.0.1:{port}/v1/chat/completions",
                                    json={"round": round_},
                                    headers={"X-Session-Id": f"session-{session}"}, timeout=5)
                seen.setdefault(f"session-{session}", set()).add(answer.text)
    finally:
        nginx.terminate()
        nginx.wait(timeout=10)
        for backend in backends:
            backend.shutdown()
    assert all(len(replicas) == 1 for replicas in seen.values())  # sticky
    assert set().union(*seen.values()) == {"replica-0", "replica-1", "replica-2"}  # spread
