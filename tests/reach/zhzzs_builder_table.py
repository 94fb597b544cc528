import enum

import ollama


class DocumentKind(enum.Enum):
    INVOICE = "invoice"
    RECEIPT = "receipt"


SCHEMA_RULES = """Return one JSON object with the keys vendor, date (YYYY-MM-DD), total (a number),
currency (ISO 4217) and items (a list of objects with description, quantity and price). Use
null for a value the text does not show, never guess a number, and copy the vendor's name
exactly as printed. Dates printed without a year take the year of the document's header."""


class ExtractionPrompts:
    @classmethod
    def invoice_prompt(cls, text: str) -> str:
        return f"Invoice text:\n{text}\n\n{SCHEMA_RULES}"

    @classmethod
    def receipt_prompt(cls, text: str) -> str:
        return f"Receipt text:\n{text}\n\n{SCHEMA_RULES}"

    @classmethod
    def for_kind(cls, kind: DocumentKind, text: str) -> str:
        builders = {DocumentKind.INVOICE: cls.invoice_prompt,
                    DocumentKind.RECEIPT: cls.receipt_prompt}
        build = builders.get(kind)
        if build is None:
            raise ValueError(kind)
        return build(text)


def extract_fields(kind: DocumentKind, text: str) -> str:
    prompt = ExtractionPrompts.for_kind(kind, text)
    return ollama.chat(model="llama3.2", messages=[{"role": "user", "content": prompt}])


def extract_invoice(text: str) -> str:
    return extract_fields(DocumentKind.INVOICE, text)
