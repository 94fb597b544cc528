"""Describe product photos for the shop's listings, one conversation a seller (`vision` is a
folder without `__init__.py`: a namespace package)."""

from vision.settings import describer

LISTING_RULES = """Write the listing in this shape:
Title: at most eight words, the product's kind first.
Colour: one word, as a customer would say it.
Condition: new, like new, good or worn.
Details: three short lines, each one fact a buyer would check before buying.
Never guess a brand or a size that the photo does not show, and never mention the seller."""


def message(content, role="user"):
    return {"role": role, "content": content}


class ListingWriter:
    def __init__(self):
        self.notes = []

    def add_note(self, seller_note):
        self.notes.append(message(f"The seller says: {seller_note}"))

    def describe(self, photo_caption):
        return describer.ask([*self.notes, message(f"The photo shows: {photo_caption}\n\n"
                                                   + LISTING_RULES)])
