"""Configuration: root discovery, scopes from config, per-file ignores, suppression comments."""

from __future__ import annotations

import pytest

from prefixlint import api
from prefixlint.config import ConfigError

from conftest import run_cli, write_project

POLICY = ("Follow the support policy: verify the account owner before discussing billing, "
          "never share another customer's data, escalate outages to the on-call engineer, "
          "and keep answers under 150 words. ") * 3


def check(root, cwd=None, paths=()):
    return api.check(list(paths), api.load_config(cwd or root, paths=paths), cwd=cwd or root)


def test_variables_declare_scopes_with_dotted_names_and_globs(tmp_path):
    files = {"prompts/a.j2": "Brand: {{ brand }}.\n" + POLICY,
             "prompts/b.j2": "Owner: {{ account.owner }}.\n" + POLICY,
             "prompts/c.j2": "Flag: {{ toggles.beta_search }}.\n" + POLICY}
    root = write_project(tmp_path / "a", files)
    assert [f.code for f in check(root).findings] == ["PFX005", "PFX002", "PFX005"]
    root = write_project(tmp_path / "b", files, '[variables]\nbrand = "static"\n'
                         '"account.owner" = "session"\n"toggles.*" = "deploy"\n')
    assert [f.code for f in check(root).findings] == ["PFX003"]


def test_pyproject_settings_and_root_discovery_from_a_subfolder(tmp_path):
    root = tmp_path / "repo"
    write_project(root, {"prompts/a.j2": "Hi {{ user.name }}.\n" + POLICY})
    (root / "prefixlint.toml").unlink()
    (root / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.prefixlint]\n'
                                         'ignore = ["PFX002"]\n')
    result = check(root, cwd=root / "prompts")
    assert result.config.root == root.resolve()
    assert result.findings == ()
    assert [m.prompt.id for m in result.measurements] == ["prompts/a.j2"]


def test_settings_found_above_the_given_paths(tmp_path):
    root = write_project(tmp_path / "proj", {"prompts/a.j2": "Hi {{ user.name }}.\n" + POLICY},
                         'ignore = ["PFX002"]\n')
    result = check(root, cwd=tmp_path, paths=["proj/prompts"])
    assert result.config.root == root.resolve() and result.findings == ()


def test_per_file_ignores_and_include_globs(tmp_path):
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": "Hi {{ user.name }}.\n" + POLICY,
        "prompts/legacy/b.j2": "Hi {{ user.name }}.\n" + POLICY,
        "prompts/c.md": "Hi {{ user.name }}.\n" + POLICY,
        "notes/readme.md": "Hi {{ user.name }}.\n" + POLICY,
    }, 'include = ["prompts/**/*.md"]\n[per-file-ignores]\n"prompts/legacy/**" = ["PFX0"]\n')
    result = check(root, paths=["."])
    assert [f.span.path for f in result.findings] == ["prompts/a.j2", "prompts/c.md"]


def test_exclude(tmp_path):
    root = write_project(tmp_path / "p", {"prompts/a.j2": "Hi {{ user.name }}.\n" + POLICY,
                                          "vendor/b.j2": "Hi {{ user.name }}.\n" + POLICY},
                         'exclude = ["vendor"]\n')
    assert [f.span.path for f in check(root).findings] == ["prompts/a.j2"]


@pytest.mark.parametrize("settings,words", [
    ("fail-on = 'loud'\n", "`fail-on` must be one of"),
    ("select = ['X1']\n", "not a rule code"),
    ("[variables]\nuser = 'sometimes'\n", "unknown scope 'sometimes'"),
    ("min-gain-tokens = -1\n", "at least 0"),
    ("include = 3\n", "list of strings"),
    ("this is not toml\n", "invalid TOML"),
    ("[conversation]\nturns = 0\n", "`conversation.turns` must be a whole number of at least 1"),
    ("[conversation]\nturn = 8\n", "unknown setting `conversation.turn`"),
    ("conversation = 8\n", "`conversation` must be a table"),
    # a provider table is checked whether or not the run uses it: a typo never passes
    ("[providers.bogus]\nminimum = 5\n", "`providers.bogus`: unknown provider 'bogus'"),
    ("[providers.openai]\nminimum = 'x'\n", "`providers.openai.minimum` must be a whole number"),
])
def test_bad_settings_are_errors(tmp_path, settings, words):
    root = write_project(tmp_path / "p", {}, settings)
    with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace("`", "`")):
        api.load_config(root)


@pytest.mark.parametrize("text", ["tool = 5\n", "tool = 'x'\n", "tool = [1]\n"])
def test_a_pyproject_whose_tool_is_not_a_table_is_a_configuration_error(tmp_path, text):
    (tmp_path / "pyproject.toml").write_text(text)
    with pytest.raises(ConfigError, match=r"\[tool\] must be a table"):
        api.load_config(tmp_path)


def test_suppression_on_the_line_and_the_line_above(tmp_path):
    root = write_project(tmp_path / "p", {
        "prompts/a.j2": "{# prefixlint: ignore[PFX002] #}\nHi {{ user.name }}.\n" + POLICY,
        "prompts/b.j2": "Hi {{ user.name }}. {# prefixlint: ignore[PFX001] #}\n" + POLICY,
        "prompts/c.j2": "Hi {{ user.name }}. {# prefixlint: ignore #}\n" + POLICY,
        "prompts/d.j2": "{# prefixlint: ignore-file[PFX00] #}\nHi {{ user.name }}.\n" + POLICY,
    })
    assert [f.span.path for f in check(root).findings] == ["prompts/b.j2"]


def test_python_files_named_by_pre_commit_are_not_read_as_templates(tmp_path):
    root = write_project(tmp_path / "p", {"app/bot.py": "x = '{{ oops'\n",
                                          "prompts/a.j2": "Hi {{ user.name }}.\n" + POLICY})
    result = check(root, paths=["app/bot.py", "prompts/a.j2"])
    assert [f.code for f in result.findings] == ["PFX002"]


def test_a_project_template_pyproject_below_the_root_is_no_configuration(tmp_path):
    """A `pyproject.toml` that is not TOML (a project generator's template) and never names
    prefixlint is passed over; one that names prefixlint is still a configuration error."""
    root = write_project(tmp_path / "p", {
        "prompts/answer.j2": "Answer the question.\n{{ question }}\n",
        "templates/crew/pyproject.toml": '[project]\nname = "{{folder_name}}"\n'
                                         '{% if tools %}tools = true{% endif %}\n'})
    assert api.load_config(root).root == root
    proc = run_cli("check", ".", cwd=root)
    assert (proc.returncode, proc.stderr) == (0, "")
    (root / "templates/crew/pyproject.toml").write_text(
        "[tool.prefixlint]\n{% if strict %}fail-on = 'info'{% endif %}\n")
    proc = run_cli("check", ".", cwd=root)
    assert proc.returncode == 2
    assert "templates/crew/pyproject.toml: invalid TOML" in proc.stderr
