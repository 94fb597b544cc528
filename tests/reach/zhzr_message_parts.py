"""A LangChain message whose content is parts: the receipt's image first, then the
constant extraction rules, so every receipt ends the shared prefix before the rules."""

from langchain_core.messages import HumanMessage
from langchain_openai import ChatOpenAI

RULES = """Read the receipt in the image and extract the shop's name, the date, every line
item with its quantity and price, the tax and the total. Copy amounts exactly as printed,
with their currency; never compute a total the receipt does not print. When a line is
unreadable, write "unreadable" for it instead of guessing. Answer with JSON holding shop,
date, items (a list of name, quantity and price), tax and total, and nothing else."""

llm = ChatOpenAI(model="gpt-4o-mini")


def read_receipt(receipt_png: str) -> str:
    message = HumanMessage(content=[
        {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{receipt_png}"}},
        {"type": "text", "text": RULES},
    ])
    return llm.invoke([message]).content
