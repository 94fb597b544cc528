"""A store made at start-up, or again where it is used when the start-up has not run."""

from openai import OpenAI

from store_lib import VectorStore

client = OpenAI()
STORE = None

GUIDE = (
    "You answer questions about the city's recycling rules. Say which bin an item goes in, "
    "whether it must be rinsed or flattened first, and where to take it when no bin fits. "
    "Quote the rule you used in one short sentence. When the passages above do not cover the "
    "item, say so and suggest the city's hotline instead of guessing. Answer in at most four "
    "sentences, in plain words, and never mention fines unless the user asks about them."
)


def start() -> None:
    global STORE
    STORE = VectorStore("recycling")


def add(texts: list) -> None:
    global STORE
    if STORE is None:
        STORE = VectorStore("recycling")
    STORE.add(texts)


def answer(question: str) -> str:
    passages = ""
    if STORE is not None:
        passages = "\n".join(STORE.search(question))
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": f"Passages:\n{passages}\n\n{GUIDE}"},
        {"role": "user", "content": question},
    ])
    return reply.choices[0].message.content


def handle(request: dict) -> dict:
    return {"answer": answer(request["question"])}
