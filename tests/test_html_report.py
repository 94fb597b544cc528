"""The HTML report in a real headless Chromium (Debian's `chromium` package): the page shows
the expected prompts and numbers, loads nothing from the network, and is not blank."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import zlib
from html.parser import HTMLParser

import pytest

from conftest import REPO, run_cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1280,1800"]

if CHROMIUM is None and not os.environ.get("CI"):
    pytest.skip("needs Debian's chromium (.ci/run installs it)", allow_module_level=True)


def png_pixels(path) -> bytes:
    """The decompressed scanlines of a PNG (enough to tell a blank page from a real one)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks = 8, []
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        if kind == b"IDAT":
            chunks.append(data[position + 8:position + 8 + length])
        position += 12 + length
    return zlib.decompress(b"".join(chunks))


class Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("html")
    page = folder / "report.html"
    proc = run_cli("report", "--output-format", "html", "-o", str(page), "--provider", "openai",
                   cwd=REPO / "fixtures" / "supportbot")
    assert proc.returncode == 0 and page.exists(), proc.stderr
    return folder, page


def test_page_is_self_contained(report):
    _, page = report
    html = page.read_text()
    assert not re.search(r"<(script|link|img|iframe)\b", html)
    assert "url(" not in html and "@import" not in html


def test_chromium_renders_the_prompts_and_numbers(report):
    assert CHROMIUM, "chromium is missing"
    folder, page = report
    dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={folder / 'profile-dom'}",
                          "--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120).stdout
    parser = Text()
    parser.feed(dom)
    text = " ".join(" ".join(parser.parts).split())
    for prompt in ("prompts/escalation.j2", "prompts/escalation_fixed.j2",
                   "prompts/helpdesk.j2", "prompts/helpdesk_fixed.j2"):
        assert f'data-prompt="{prompt}"' in dom
    assert "4 prompts" in text and "4,675 tokens (o200k_base)" in text
    assert "75.2% shared by every user" in text and "99.7% after the suggested moves" in text
    href = re.search(r'href="([^"]*prompts/helpdesk\.j2)#L3"', dom).group(1)
    assert (page.parent / href).resolve() == \
        (REPO / "fixtures" / "supportbot" / "prompts" / "helpdesk.j2").resolve()
    assert "break: user value user.display_name (prompts/helpdesk.j2:3:23)" in text


def test_screenshot_is_not_blank(report):
    assert CHROMIUM, "chromium is missing"
    folder, page = report
    shot = folder / "report.png"
    subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={folder / 'profile-shot'}",
                    f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120)
    pixels = png_pixels(shot)
    assert len(set(pixels)) > 50
    non_white = sum(1 for byte in pixels[::7] if byte < 200) / len(pixels[::7])
    assert non_white > 0.05


def test_prompts_are_listed_worst_first_with_contents(report):
    """The contents table and the sections list the prompts by what a move gains (every
    request, then across days), each row linking to its section."""
    assert CHROMIUM, "chromium is missing"
    folder, page = report
    dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={folder / 'profile-order'}",
                          "--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120).stdout
    order = ["prompts/helpdesk.j2", "prompts/escalation.j2", "prompts/helpdesk_fixed.j2",
             "prompts/escalation_fixed.j2"]
    assert re.findall(r'data-prompt="([^"]+)"', dom) == order
    contents = re.search(r'<table id="contents">(.*?)</table>', dom, re.S).group(1)
    rows = re.findall(r'<a href="#(prompt-\d+)">([^<]+)</a></td><td>([^<]+)</td>'
                      r'<td>([\d,]+)</td><td>([\d.]+%)</td><td>\+([\d,]+)</td>', contents)
    assert [(name, first, gain) for _, name, first, _, _, gain in rows] == [
        ("prompts/helpdesk.j2", "user value user.display_name", "1,146"),
        ("prompts/escalation.j2", "day value today (daily)", "1,152"),
        ("prompts/helpdesk_fixed.j2", "user value user.display_name", "0"),
        ("prompts/escalation_fixed.j2", "day value today (daily)", "0")]
    for anchor, name, *_ in rows:
        assert f'id="{anchor}" data-prompt="{name}"' in dom


def test_chromium_renders_the_remedies(report):
    """The remedies as the browser shows them, after the contents: each criterion with its
    sentence and the numbers it rests on, as `report --output-format json` has them (one
    replica: round-robin over 2 is the estimate's worst case, (1 - 1/2) × 736 × 0.05)."""
    assert CHROMIUM, "chromium is missing"
    folder, page = report
    dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={folder / 'profile-remedies'}",
                          "--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120).stdout
    section = re.search(r'<section id="remedies">.*?</section>', dom, re.S).group(0)
    parser = Text()
    parser.feed(section)
    text = " ".join(" ".join(parser.parts).split())
    document = json.loads(run_cli("report", "--output-format", "json", "--provider", "openai",
                                  cwd=REPO / "fixtures" / "supportbot").stdout)["remedies"]
    assert text.startswith("Remedies (estimates, by the three criteria) On modelled traffic "
                           "(50 users x 2 sessions x 8 turns of 150 tokens")
    for advice in document["advice"]:
        assert f"{advice['criterion']}: {advice['remedy']} {advice['text']}" in text
    assert "(1 - 1/2) x 736 tokens x 0.05 ms = up to 18.4 ms a request" in text
    assert "sticky routing saves up to, ms a request 18.41" in text
    assert "KV bytes on every replica 461,242,368 B (439.9 MiB)" in text  # 3,519 × 131,072
    assert "prompts/helpdesk.j2: user.display_name (user, line 3)" in text
    assert dom.index('id="contents"') < dom.index('id="remedies"') < dom.index('id="prompt-0"')

