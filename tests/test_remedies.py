"""Advice by the three criteria (issue 25, items 3 and 4): sticky routing only where a
request reuses enough of its own session, prewarm with its KV memory per replica, the top
prefixes or the misses when memory is tight, and the isolation note a shared store needs;
each piece with the numbers it rests on, in `report` and `simulate` (text and JSON)."""

from __future__ import annotations

import json
import re
from html import unescape

from conftest import REPO, run_cli
from prefixlint import remedies
from prefixlint.fleet.kv_size import load
from prefixlint.fleet.workload import Workload

KV = load("llama-3.1-8b")


def _work(**kw) -> Workload:
    figures = dict(requests=800, sessions=100, users=50, shared_tokens=1268.0,
                   session_tokens=525.0, user_tokens=5.0, prefixes=((1268, 800),))
    return Workload(**(figures | kw))


def test_each_criterion_states_its_numbers():
    advice = remedies.advise(_work(), KV, replicas=4, ms_per_token=0.05, cache_tokens=500_000)
    by = {a.criterion: a for a in advice}
    assert list(by) == ["conversations", "shared-prefix", "memory", "isolation"]
    # the seed's per-turn estimate: (1 - 1/4) × 525 tokens × 0.05 ms = 19.69 ms
    assert by["conversations"].remedy == "route-by-session"
    assert "(1 - 1/4) x 525 tokens x 0.05 ms = up to 19.7 ms a request" in \
        by["conversations"].text and "8.0 requests a session" in by["conversations"].text
    assert dict(by["conversations"].numbers)["sticky_saved_ms_per_request"] == 19.69
    # 1,268 tokens × 131,072 bytes = 166,199,296 bytes = 158.5 MiB on every replica
    assert by["shared-prefix"].remedy == "prewarm"
    assert dict(by["shared-prefix"].numbers)["kv_bytes_per_replica"] == 166_199_296
    assert "1,268 tokens = 158.5 MiB of KV on every replica" in by["shared-prefix"].text
    assert by["memory"].remedy == "prewarm-all" and "0.3%" in by["memory"].text
    assert "copies user data out of the instance" in by["isolation"].text


def test_never_sticky_where_a_session_reuses_too_little():
    for work in (_work(session_tokens=150.0), _work(requests=100, session_tokens=900.0)):
        [first] = remedies.advise(work, KV, 4, 0.05)[:1]
        assert first.remedy == "no-sticky-routing" and "route by" not in first.text
    users = _work(user_tokens=400.0)  # 2 sessions a user, each first turn reusing 400
    assert remedies.advise(users, KV, 4, 0.05)[0].remedy == "route-by-user"


def test_tight_memory_prewarms_the_top_prefixes_or_accepts_the_misses():
    work = _work(prefixes=((3000, 400), (2000, 300), (1000, 100)))
    # 6,000 tokens of prefixes in a 10,000-token cache: 60% > 25%, so a budget of 2,500,
    # filled by value (tokens × requests): the 3,000-token prefix does not fit, the 2,000
    # one does (300 of 800 requests: 38%), then the 1,000 one would make 3,000 > 2,500
    memory = remedies.advise(work, KV, 4, 0.05, cache_tokens=10_000)[2]
    assert memory.remedy == "prewarm-top"
    assert dict(memory.numbers)["top_prefixes"] == 1
    assert dict(memory.numbers)["top_prefix_tokens"] == 2000
    assert "prefixlint prewarm --top 1" in memory.text and "38% of the requests" in memory.text
    assert remedies.advise(work, KV, 4, 0.05, cache_tokens=2_000)[2].remedy == "accept-misses"


def test_report_and_simulate_print_the_remedies():
    root = REPO / "fixtures" / "supportbot"
    proc = run_cli("report", "--replicas", "4", "--output-format", "json", cwd=root)
    document = json.loads(proc.stdout)
    found = document["remedies"]
    assert found["kv"]["bytes_per_token"] == 131_072
    assert [a["criterion"] for a in found["advice"]] == ["conversations", "shared-prefix",
                                                         "memory", "isolation"]
    isolation = found["advice"][-1]["text"]
    assert "prompts/helpdesk.j2: user.display_name (user, line 3)" in isolation
    text = run_cli("report", cwd=root).stdout
    assert "Remedies (estimates, by the three criteria):" in text
    # rag: one-shot questions over retrieved documents, nothing reused per session
    documents = json.loads(run_cli("simulate", ".", "--output-format", "json", "--policy",
                                   "all", cwd=REPO / "fixtures" / "rag").stdout)
    assert all(d["remedies"] == documents[0]["remedies"] for d in documents)
    advice = {a["criterion"]: a for a in documents[0]["remedies"]["advice"]}
    assert advice["conversations"]["remedy"] == "no-sticky-routing"
    assert "isolation" not in advice


def _shown(number) -> str:
    """A JSON figure as the page must show it: exact, with thousands separators."""
    if isinstance(number, str):
        return number
    return f"{int(number):,}" if float(number).is_integer() else f"{number:,}"


def _assert_page_has(page: str, document: dict) -> None:
    """Each piece of advice of the JSON `remedies` in the page's remedies section, in order:
    its criterion, remedy, sentence and every number it rests on, the same; the workload."""
    section = re.search(r'<section id="remedies">(.*?)</section>', page, re.S).group(1)
    pieces = re.findall(r'<div class="advice[^"]*" data-criterion="([^"]+)" '
                        r'data-remedy="([^"]+)">.*?<p>(.*?)</p>(.*?)</div>', section, re.S)
    assert [(c, r) for c, r, _, _ in pieces] == [
        (a["criterion"], a["remedy"]) for a in document["advice"]]
    for (_, _, sentence, table), advice in zip(pieces, document["advice"]):
        assert unescape(sentence) == advice["text"]
        rows = dict(re.findall(r'<tr data-key="([^"]+)"><td>[^<]*</td><td>(.*?)</td>', table))
        assert list(rows) == list(advice["numbers"])
        for key, number in advice["numbers"].items():
            shown = unescape(re.sub(r"<[^>]+>", "", rows[key]))
            assert shown.split(" B (")[0] == _shown(number), (key, shown, number)
    work = dict(re.findall(r'<tr data-key="([^"]+)"><td>[^<]*</td><td>(.*?)</td>',
                           re.search(r'id="remedies-workload">(.*?)</table>', section).group(1)))
    assert work == {k: _shown(v) for k, v in document["workload"].items()
                    if k != "common_prefixes"}


def test_html_pages_show_the_remedies_with_their_numbers(tmp_path):
    """`report` and `simulate` as HTML: the remedies as their JSON has them, the numbers
    exact (supportbot's prewarm: 3,519 tokens × 131,072 bytes = 461,242,368 bytes, 439.9 MiB
    on every replica; the seed's estimate (1 - 1/4) × 736.4 × 0.05 = 27.62 ms)."""
    root = REPO / "fixtures" / "supportbot"
    page = tmp_path / "report.html"
    document = json.loads(run_cli("report", "--replicas", "4", "--output-format", "json",
                                  cwd=root).stdout)["remedies"]
    proc = run_cli("report", "--replicas", "4", "--output-format", "html", "-o", str(page),
                   cwd=root)
    assert proc.returncode == 0, proc.stderr
    html = page.read_text(encoding="utf-8")
    _assert_page_has(html, document)
    assert '<tr data-key="kv_bytes_per_replica"><td>KV bytes on every replica</td><td>' \
           '461,242,368 B <span class="muted">(439.9 MiB)</span>' in html
    assert '<tr data-key="sticky_saved_ms_per_request"><td>sticky routing saves up to, ms a ' \
           'request</td><td>27.62</td>' in html
    assert "On modelled traffic (50 users x 2 sessions x 8 turns of 150 tokens" in html
    isolation = re.search(r'data-criterion="isolation".*?<p>(.*?)</p>', html).group(1)
    assert "prompts/helpdesk.j2: user.display_name (user, line 3)" in isolation
    assert "the store copies user data out of the instance" in isolation
    # the section comes after the contents table, before the first prompt
    assert html.index('id="contents"') < html.index('id="remedies"') < \
        html.index('id="prompt-0"')
    chat = REPO / "fixtures" / "chat_service"
    documents = json.loads(run_cli("simulate", ".", "--output-format", "json", "--policy",
                                   "all", cwd=chat).stdout)
    run_cli("simulate", ".", "--output-format", "html", "--policy", "all", "-o", str(page),
            cwd=chat)
    _assert_page_has(page.read_text(encoding="utf-8"), documents[0]["remedies"])


def test_html_remedies_escape_what_they_quote(tmp_path):
    """The isolation note quotes a prompt's path: a path with markup in it is text."""
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "<b>help&.j2").write_text(
        "You are the support assistant of Acme. " * 60 + "\nThe customer is "
        "{{ user.display_name }}.\n" + "Answer in a friendly, exact tone. " * 40 +
        "\n{{ question }}\n", encoding="utf-8")
    (tmp_path / "prefixlint.toml").write_text('[variables]\n"user.display_name" = "user"\n'
                                              'question = "request"\n', encoding="utf-8")
    page = tmp_path / "report.html"
    proc = run_cli("report", "--output-format", "html", "-o", str(page), cwd=tmp_path)
    document = json.loads(run_cli("report", "--output-format", "json", cwd=tmp_path).stdout)
    assert proc.returncode == 0, proc.stderr
    html = page.read_text(encoding="utf-8")
    [isolation] = [a for a in document["remedies"]["advice"] if a["criterion"] == "isolation"]
    assert "prompts/<b>help&.j2: user.display_name (user, line 2)" in isolation["text"]
    assert "prompts/&lt;b&gt;help&amp;.j2: user.display_name (user, line 2)" in html
    assert "<b>help" not in html
    _assert_page_has(html, document["remedies"])
