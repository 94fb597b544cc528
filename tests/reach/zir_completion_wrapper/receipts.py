"""Reads a scanned receipt's text into fields: the text first, then the layout rules."""
from client import CompletionClient

SYSTEM = "You read receipts and return their fields as JSON."

TEMPLATE = """Receipt text:
{text}

Return one JSON object with the keys merchant, date (YYYY-MM-DD), currency (ISO 4217),
total, tax and items, where items is a list of objects with name, quantity and price.
Use null for a field the receipt does not show; never guess a value. Amounts are numbers
without currency signs, and the total is the amount paid after discounts and tax. Dates
written with the day first (31/01/2025) are read that way; two-digit years are 20xx."""

client = CompletionClient()


def read_receipt(text: str) -> str:
    return client.generate_text(TEMPLATE.format(text=text), system_prompt=SYSTEM)
