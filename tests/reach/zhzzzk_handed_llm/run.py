"""Runs the crawler over a page a user uploads."""
from .crawler import XPathCrawler
from .model_call import chat

crawler = XPathCrawler(api=chat)


def main(field: str, page_path: str) -> str:
    with open(page_path) as handle:
        return crawler.xpath_for(field, handle.read())

