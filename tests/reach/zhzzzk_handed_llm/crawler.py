"""Writes an XPath for each field of a page; the model is whatever function it is made with."""
import json

CRAWLER_PROMPT = """Write an XPath that extracts the field below from the page.

Field: {field}

Rules:
1. Prefer ids and stable class names to positions; never use the text of a node as its key.
2. The XPath must select text nodes, ending in /text(), and match every record on the page.
3. When the field is missing from the page, answer with an empty string instead of a guess.
Answer with a JSON object {{"thought": "...", "xpath": "..."}} and nothing else.

Page:
{html}"""


class XPathCrawler:
    def __init__(self, api, retries=3):
        self.api = api
        self.retries = retries

    def xpath_for(self, field: str, html: str) -> str:
        query = CRAWLER_PROMPT.format(field=field, html=html)
        for _ in range(self.retries):
            answer = self.api(query)
            try:
                return json.loads(answer)["xpath"]
            except (ValueError, KeyError):
                continue
        return ""
