"""A thread object renders its messages with a generator: a dated header, the caller's
system text, every earlier turn, then the new request. The date heads the system
message, so the garden guide's rules and the whole thread are read again each request."""

import datetime

from openai import OpenAI

DATED = "Today is {today}.\n\n"

GARDEN_GUIDE = """You are the planting guide of a community allotment. Answer questions about
what to sow, when to sow it, and how to look after it, for plots in a temperate climate with
clay soil. Recommend crops by season, name one companion plant for each, and warn about the
pests most likely in that month. Prefer methods without chemical sprays. Give quantities per
square metre, and distances between rows in centimetres. When the question depends on the
weather, say which conditions you assumed. Keep every answer under two hundred words, and end
with one task the gardener can do this weekend."""


class Thread:
    """The turns of one gardener's conversation, kept between requests."""

    def __init__(self):
        self.turns = []

    def as_messages(self, system: str = "", request: str | None = None,
                    header: str | None = None) -> list[dict]:
        if header is None:
            header = DATED.format(today=datetime.date.today().isoformat())
        return list(self._rendered(header + system, request))

    def _rendered(self, system: str, request: str | None):
        yield {"role": "system", "content": system}
        for turn in self.turns:
            yield turn
        if request is not None:
            yield {"role": "user", "content": request}


def advise(client: OpenAI, thread: Thread, question: str) -> str:
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=thread.as_messages(GARDEN_GUIDE, request=question),
    )
    return reply.choices[0].message.content
