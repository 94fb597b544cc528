"""`prefixlint render` and `check --show-settings`."""

from __future__ import annotations

from conftest import REPO, run_cli

SUPPORT = REPO / "fixtures" / "supportbot"


def test_render_marks_holes_and_where_each_prefix_ends():
    proc = run_cli("render", "prompts/helpdesk.j2", "--var", "product_name=Northwind Cloud",
                   "--no-color", cwd=SUPPORT)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("prompts/helpdesk.j2: 1,175 tokens (o200k_base); shared prefix "
                               "global 23, user 1,172")
    assert "assistant of «static product_name: Northwind Cloud»." in proc.stdout
    assert ("You are speaking with ⟪global prefix ends: token 23, prompts/helpdesk.j2:3 before "
            "'user.display_name'⟫«user user.display_name: ") in proc.stdout
    assert "## Support policy" in proc.stdout  # the included partial is rendered too


def test_render_python_prompt_by_call_site():
    proc = run_cli("render", "p45_request_headers.py:11", "--no-color",
                   cwd=REPO / "tests" / "python")
    assert "⟪global, user, session prefix ends: token 5, p45_request_headers.py:10 before 'rid'⟫" \
        in proc.stdout
    assert "«request rid: " in proc.stdout


def test_render_samples_a_database_schema_at_a_schemas_length():
    """A deployment's tables are hundreds of characters, not a word: the sample is tables
    (and a JSON schema for an answer's schema), so moving a value above them counts them."""
    proc = run_cli("render", "zbg_schema_sample.py:14", "--no-color", cwd=REPO / "tests" / "reach")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == ("zbg_schema_sample.py:14: 105 tokens (o200k_base); "
                                           "shared prefix global 18, user 18, session 18, turn 18")
    assert "Tables of the «deploy dialect: " in proc.stdout
    assert "«deploy db_schema: CREATE TABLE customers (id INTEGER PRIMARY KEY" in proc.stdout


def test_render_samples_a_tool_list_as_tools_described_one_a_line():
    """`self.tools` is a list of tools an agent is given: sampled as several described tools,
    not one word, so the tokens before the system prompt are counted at a list's length."""
    proc = run_cli("render", "u_loaded_step.py:27", "--no-color", cwd=REPO / "tests" / "reach")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == ("u_loaded_step.py:27: 215 tokens (o200k_base); "
                                           "shared prefix global 105, user 105, session 105, "
                                           "turn 105")
    assert ('"«deploy self.tools: search_docs(query: str): search the knowledge base and return '
            'the five best passages.\nget_order(order_id: str)') in proc.stdout


def test_render_a_phase_of_an_agent_by_the_id_check_gives_it():
    """One call of an agent that calls the model in two phases is two prompts; the second
    is named `base.py:9 (via research.py:23)`, and `render` takes that name as it is."""
    proc = run_cli("render", "x_phased_agent/base.py:9 (via x_phased_agent/research.py:23)",
                   "--no-color", cwd=REPO / "tests" / "reach")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == (
        "x_phased_agent/base.py:9 (via x_phased_agent/research.py:23): 132 tokens "
        "(o200k_base); shared prefix global 17, user 17, session 17, turn 17")
    assert "You are researching one sub-question: " in proc.stdout


def test_render_unknown_prompt_is_a_usage_error():
    proc = run_cli("render", "p45_request_headers.py:99", cwd=REPO / "tests" / "python")
    assert proc.returncode == 2 and "no prompt 'p45_request_headers.py:99'" in proc.stderr


def test_show_settings():
    proc = run_cli("check", "--show-settings", "--provider", "vllm", cwd=SUPPORT)
    assert proc.returncode == 0
    assert 'variables = {"product_name": "static"}' in proc.stdout
    assert 'provider = "vllm"' in proc.stdout
    assert f'root = "{SUPPORT}"' in proc.stdout
