from zp_injected_llm.agents import PageReader
from zp_injected_llm.llm import LocalChat

reader = PageReader(LocalChat())
print(reader.ask("What does the page sell?", "https://example.com"))
