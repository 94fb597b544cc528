"""Whether text reads as instructions to a model: the test prompt text found without a
sink must pass (Python constants, configuration values, what an inferred sink passes).
Plain string work, no parser, so that any stage can ask it cheaply."""

from __future__ import annotations

import re

MIN_CHARACTERS = 160  # constant text of a prompt: a few sentences of instructions
MIN_WORDS = 24
# Words that instructions to a model use; a prompt has several, a log line or an error
# message has few.
_CUES = frozenset({"you", "your", "answer", "respond", "response", "return", "task", "given",
                   "following", "below", "above", "assistant", "user", "must", "should",
                   "output", "json", "instructions", "question", "context", "provide", "only",
                   "do", "not", "please", "write", "generate", "summarize", "extract",
                   "based", "format", "rules", "role", "goal", "expert", "helpful"})
# Words that address a model: a prompt with no name saying what it is speaks to the model
# ("you", "your") or tells it what to do; a report or log line with the other cues does not.
_ADDRESS = frozenset({"you", "your", "you're", "yourself", "assistant", "answer", "respond",
                      "responding", "reply", "write", "generate", "summarize", "extract",
                      "classify", "translate", "act", "task", "instructions", "rules", "goal",
                      "role", "expert", "helpful", "given", "following", "provide", "please",
                      "consider", "focus", "note", "describe", "explain", "identify",
                      "analyze", "review", "ensure", "avoid", "question",
                      "questions", "below", "here"})
# The same in Spanish, Portuguese, French, German, Italian and Russian prompts: the words
# that address the model (second person, and the imperatives instructions open with), then
# the other words instructions use. Lower case, as words are compared.
FOREIGN_ADDRESS = frozenset({
    "eres", "usted", "responde", "responda", "genera", "escribe", "proporciona", "debes",
    "você", "voce", "gere", "escreva", "forneça", "forneca", "deve",
    "vous", "tu", "réponds", "répondez", "génère", "générez", "écris", "écrivez", "fournis",
    "dois", "devez", "du", "sie", "antworte", "antworten", "erstelle", "erstellen",
    "schreibe", "gib", "musst", "sei", "rispondi", "scrivi", "fornisci", "devi",
    "ты", "вы", "ответь", "ответьте", "напиши", "напишите", "сгенерируй", "проанализируй",
    "должен", "должны"})
_FOREIGN_CUES = FOREIGN_ADDRESS | frozenset({
    "respuesta", "usuario", "tarea", "instrucciones", "formato", "siguiente", "contexto",
    "pregunta", "solo", "reglas", "resposta", "usuário", "tarefa", "instruções", "seguinte",
    "pergunta", "apenas", "regras", "réponse", "utilisateur", "tâche", "consignes",
    "suivant", "contexte", "question", "uniquement", "règles", "antwort", "nutzer",
    "benutzer", "aufgabe", "anweisungen", "folgenden", "kontext", "frage", "nur", "regeln",
    "risposta", "utente", "compito", "istruzioni", "seguente", "contesto", "domanda",
    "regole", "ответ", "пользователь", "задача", "инструкции", "формат", "следующий",
    "контекст", "вопрос", "только", "правила"})
_NAME_HINT = re.compile(r"prompt|template|instruction|system|persona|guideline|preamble",
                        re.IGNORECASE)
# a word: letters (any script's, for the languages above), with apostrophes inside
_WORD = re.compile(r"[^\W\d_][^\W\d_']+")
# SQL in capitals anywhere, or in lower case only in a statement's own shape (`select a, b
# from t`, `delete from t`, `update t set`): prose says "update the brief from the notes".
_CODE = re.compile(r"(?-i:\b(SELECT|INSERT|UPDATE|DELETE)\b.*\bFROM\b)|"
                   r"\bselect\s+(\*|[\w.]+(\s*,\s*[\w.]+)*)\s+from\s+[\w.]+|"
                   r"\bdelete\s+from\s+[\w.]+|\bupdate\s+[\w.]+\s+set\s|"
                   r"<(div|span|html|table)\b|^\s*(?-i:def|class|import|return)\s",
                   re.IGNORECASE | re.MULTILINE)
# A prompt may quote code (an example class, a query to imitate): text is code only when one
# non-blank line in CODE_LINE_SHARE or more looks like code.
CODE_LINE_SHARE = 5


def _is_code(text: str) -> bool:
    """Whether text is code or markup rather than prose that quotes some."""
    hits = sum(1 for _ in _CODE.finditer(text))
    if not hits:
        return False
    lines = sum(1 for line in text.splitlines() if line.strip())
    return hits * CODE_LINE_SHARE > lines


# Chinese, Japanese and Korean prompts have no spaces between words: their characters are
# counted, and the words instructions use in them ("you", "please", "answer", "require",
# "output", "format", "task", "below", "user", "must", "do not").
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_CJK_CUES = ("你", "您", "请", "回答", "要求", "输出", "格式", "任务", "以下", "用户", "必须",
             "不要", "助手", "あなた", "ください", "回答", "당신", "답변")
MIN_CJK_CHARACTERS = 60


_TOKEN_PIECE = re.compile(r"\w+|[^\w\s]+")


def estimated_tokens(text: str) -> int:
    """Tokens of text without a tokenizer: a BPE vocabulary gives most English words and
    punctuation runs a token each, and about one token to each Chinese, Japanese or Korean
    character (a run of them is one `\\w+` match)."""
    pieces = _TOKEN_PIECE.findall(text)
    if not _CJK.search(text):  # (most text: then every piece counts one)
        return len(pieces)
    return sum(max(1, len(_CJK.findall(piece))) for piece in pieces)


def _reads_as_cjk_prompt(text: str, named: bool) -> bool:
    """Instructions written in Chinese, Japanese or Korean: enough of their characters,
    and several of the words such instructions use (or a name that says what it is)."""
    count = len(_CJK.findall(text))
    if count < (MIN_CJK_CHARACTERS // 2 if named else MIN_CJK_CHARACTERS):
        return False
    return named or sum(1 for cue in _CJK_CUES if cue in text) >= 3


def reads_as_prompt(text: str, name: str = "") -> bool:
    """Whether constant text reads as instructions to a model: a name that says it is one
    (`*_PROMPT`, `*_TEMPLATE`, `SYSTEM_*`) over a few words, or enough words in sentences
    with the words prompts use (in English, Spanish, Portuguese, French, German, Italian or
    Russian, or in Chinese, Japanese or Korean); never code or markup."""
    named = bool(_NAME_HINT.search(name))
    if _CJK.search(text) and not _is_code(text) and _reads_as_cjk_prompt(text, named):
        return True
    words = _WORD.findall(text)
    if named and len(text) >= MIN_CHARACTERS // 2 and len(words) >= MIN_WORDS // 3 and \
            not _is_code(text):
        return True  # `SYSTEM_PROMPT = ...`: its name says what it is
    if len(text) < MIN_CHARACTERS or len(words) < MIN_WORDS or _is_code(text):
        return False
    letters = sum(1 for ch in text if ch.isalpha() or ch.isspace())
    if letters < 0.75 * len(text):
        return False
    lowered = [w.lower() for w in words]
    cues = sum(1 for w in lowered if w in _CUES or w in _FOREIGN_CUES)
    return cues >= 4 and any(w in _ADDRESS or w in FOREIGN_ADDRESS for w in lowered)
