"""Whether a Jinja file found by its suffix is a prompt, or a template of something else.

Jinja renders Dockerfiles, HTML pages, YAML manifests and SQL as often as prompts, and a file
that is not sent to a model has no prefix to keep. A template is measured on its own unless
its name or its text says it is one of those: a name like `Dockerfile.j2` or `page.html.j2`,
or a text shaped like markup, Dockerfile instructions, YAML or SQL with nothing in it that
speaks to a model. Anything else (Markdown, plain text, chat templates) is a prompt; a file
that `include` names, or that Python code renders into a prompt, is one whatever this says.
"""

from __future__ import annotations

import re

from .file_kinds import TEMPLATE_SUFFIXES
from .prose import FOREIGN_ADDRESS

# Suffixes before the Jinja one that name another language (`deploy.yaml.j2`).
OTHER_SUFFIXES = frozenset({
    ".html", ".htm", ".xhtml", ".xml", ".svg", ".yaml", ".yml", ".json", ".toml", ".ini",
    ".cfg", ".conf", ".sql", ".sh", ".bash", ".zsh", ".ps1", ".bat", ".py", ".js", ".ts",
    ".jsx", ".tsx", ".css", ".scss", ".tf", ".hcl", ".service", ".env", ".properties",
    ".dockerfile", ".nginx", ".csv", ".go", ".rs", ".java", ".rb", ".php", ".c", ".h",
    ".cpp", ".cs", ".kt", ".swift", ".lua", ".vim", ".desktop", ".plist", ".gradle"})
# Suffixes before the Jinja one that name Markdown (`GAMESTATE.md.jinja`).
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
# Names (before the Jinja suffix) of build and deployment files.
OTHER_NAMES = ("dockerfile", "containerfile", "makefile", "vagrantfile", "jenkinsfile",
               "procfile", "gemfile", "caddyfile", "nginx", "docker-compose", "compose")

_JINJA = re.compile(r"{#.*?#}|{%.*?%}|{{.*?}}", re.S)
# Searched in lower-cased text, after a plain substring test for the words it needs (a
# case-insensitive search of every alternative at every position is slow on long text).
_SPEAKS = re.compile(
    r"\b(you are|you're|you will|you must|you should|"
    r"your (task|job|role|goal|output|response|reply)|"
    r"as an? (ai|assistant|expert)|assistant|the user|respond|answer|reply|summari[sz]e|"
    r"instructions?|step by step|think|do not|don't)\b|^\s*(system|user|assistant)\s*:|"
    # a task set out under the headings prompts use (`Task: rate each item...`)
    r"^\s*(task|output format|response format)\s*:",
    re.M)
_SPEAKS_WORDS = ("you", "as a", "assistant", "the user", "respond", "answer", "reply",
                 "summari", "instruction", "step by step", "think", "do not", "don't", "system",
                 "user", "task", "format")
# Words that address a model in Chinese, Japanese and Korean prompts: you, please, the user,
# answer, do not, assistant, output.
_CJK_SPEAKS = ("你", "您", "请", "用户", "回答", "不要", "助手", "输出", "あなた", "ください",
               "ユーザー", "당신", "사용자", "답변")
_WORDS = re.compile(r"[^\W\d_]+")
_DOCKER = re.compile(r"^\s*(FROM|RUN|COPY|ADD|ENV|ARG|WORKDIR|EXPOSE|CMD|ENTRYPOINT|USER|"
                     r"LABEL|VOLUME|HEALTHCHECK)\s", re.M)
_MARKUP = re.compile(r"^\s*<(!doctype|html|head|body|div|p|span|table|tr|td|ul|li|a|script|"
                     r"style|meta|link|svg|\?xml|[a-z][\w:-]*\s[^>]*=)", re.I)
_YAML = re.compile(r"^\s*(-\s+)?[\w.\"'-]+\s*:(\s|$)|^\s*-\s+\S|^\s*#")
_SQL = re.compile(r"(?is)^\s*(select|insert|update|delete|create|with|alter|drop)\b.*\b"
                  r"(from|into|table|set|view|index)\b")


def is_prompt_template(name: str, text: str) -> bool:
    """Whether a template file found by its suffix is a prompt (see the module doc)."""
    base = name.rsplit("/", 1)[-1].lower()
    if base.endswith(".prompty"):
        return True
    for suffix in TEMPLATE_SUFFIXES:
        if base.endswith(suffix):
            base = base[: -len(suffix)]
            break
    inner = base[base.rfind("."):] if "." in base else ""
    if inner in OTHER_SUFFIXES or base.split(".", 1)[0] in OTHER_NAMES:
        return False
    return not _other_language(text, markdown=inner in MARKDOWN_SUFFIXES)


def speaks_to_a_model(text: str) -> bool:
    """Whether text says something only a prompt says to a model ("you are", "the user",
    "respond", "step by step", a `system:` line; in Chinese, Japanese or Korean, two of the
    words that address one: "你", "请", "用户", "不要", "あなた", "당신"...; in Spanish,
    Portuguese, French, German, Italian or Russian, two such words: "eres", "responde",
    "você", "vous", "antworte", "rispondi", "ты"...)."""
    lowered = text[:20_000].lower()
    if any(word in lowered for word in _SPEAKS_WORDS) and bool(_SPEAKS.search(lowered)):
        return True
    if sum(1 for word in _CJK_SPEAKS if word in lowered) >= 2:
        return True
    return len(FOREIGN_ADDRESS.intersection(_WORDS.findall(lowered))) >= 2


def is_markup(text: str) -> bool:
    """Whether a template's constant text is a page: it opens with an HTML or XML tag and
    at least half its lines start with one."""
    lines = [line for line in _JINJA.sub("", text[:20_000]).splitlines() if line.strip()]
    return bool(lines) and bool(_MARKUP.match(lines[0])) and \
        sum(1 for line in lines if line.lstrip().startswith("<")) * 2 >= len(lines)


def _other_language(text: str, markdown: bool = False) -> bool:
    """Whether the constant text of a template is markup, a Dockerfile, YAML or SQL (a file
    its name says is Markdown, `state.md.jinja`, is no YAML, however many of its lines are
    list items or headings)."""
    plain = _JINJA.sub("", text[:20_000])
    lines = [line for line in plain.splitlines() if line.strip()]
    if not lines:
        return False
    if is_markup(text):
        return True
    if len(_DOCKER.findall(plain)) >= 2 and _DOCKER.match(lines[0]):
        return True
    if speaks_to_a_model(plain):
        return False
    if not markdown and len(lines) >= 2 and \
            sum(1 for line in lines if _YAML.match(line)) * 10 >= len(lines) * 8:
        return True
    return bool(_SQL.match(plain))


def constant_text(text: str) -> str:
    """A template's text with its Jinja tags, expressions and comments taken out."""
    return _JINJA.sub(" ", text[:20_000])
