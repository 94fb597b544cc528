"""A page summarizer whose prompts a deployment may replace through environment variables:
the texts the code ships are what is sent unless it does, so the page placed before the
instructions of the shipped format is the break."""
import os

from openai import OpenAI

SUMMARY_SYSTEM = "You summarize web pages for a chat group, in the language of the page."

SUMMARY_FORMAT = """About the content of this page:
{page}

Focus on three points: what its topic is, what its key claims are, and what is new or
unusual in its view. Leave out navigation, advertising and cookie notices, and write
each line in plain words. Answer in this format, one line each, without any other text:
- Topic: ...
- Key claims: ...
- What is new: ..."""


class PageSummarizer:
    def __init__(self, client: OpenAI):
        self.client = client
        self.system = os.getenv("SUMMARY_SYSTEM") or SUMMARY_SYSTEM
        self.format = os.environ.get("SUMMARY_FORMAT") or SUMMARY_FORMAT

    def summarize(self, page: str) -> str:
        messages = [{"role": "system", "content": self.system},
                    {"role": "user", "content": self.format.format(page=page)}]
        reply = self.client.chat.completions.create(model="gpt-4o-mini", messages=messages)
        return reply.choices[0].message.content
