from datetime import date

from zbo_date_tag.texts import DATE_TAG


def fill_tags(text: str) -> str:
    if DATE_TAG in text:
        text = text.replace(DATE_TAG, date.today().isoformat())
    return text
