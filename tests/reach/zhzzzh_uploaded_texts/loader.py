"""Keeps the text of the tender files a user uploads last, page by page."""
from pypdf import PdfReader

RAW_TEXTS = []
SECTIONS = []


def section(name):
    SECTIONS.append(name)
    return name


section("Scope")
section("Eligibility")
section("Deadlines")


def process_documents(paths):
    RAW_TEXTS.clear()
    for path in paths:
        for page in PdfReader(path).pages:
            text = page.extract_text() or ""
            if text.strip():
                RAW_TEXTS.append(text)
