"""Two steps through the pipeline: each template's field is filled with constant text by
the dict handed to `run`, and only the page or the abstract varies (in the human turn)."""
from .pipeline import Pipeline
from .prompts import SUMMARY_SHAPE, SUMMARY_SYSTEM


def extract_page(html: str) -> list:
    pipeline = Pipeline("llama-3.1-8b-instruct")
    page_shape = """{"text": "<the page's main text as markdown>", "extra": {"<key>": "<value>"}}"""
    system = """You read the HTML of a publisher's page and return its main text.
Put the article's text in "text" as markdown, keeping headings and lists, and put anything
else you find (authors, date, journal, keywords) in "extra" as key and value pairs.
Answer in this format:
{page_shape}
If the page holds no article text, return an empty "text" and say why in "extra". Never
wrap the JSON in a code fence, and never invent a value the page does not show. Keep the
order of the page's sections, drop navigation menus, cookie banners, footers and reference
lists, and write tables as markdown tables with their header row. When the page shows the
article in two languages, keep the English text only and note the other in "extra"."""
    pipeline.add_step(system_prompt=system, human_prompt="HTML:\n{html}")
    return pipeline.run({"page_shape": page_shape, "html": html})


def summarise(abstract: str) -> list:
    pipeline = Pipeline("llama-3.1-8b-instruct")
    pipeline.add_step(system_prompt=SUMMARY_SYSTEM, human_prompt="Abstract:\n{abstract}")
    return pipeline.run({"SUMMARY_SHAPE": SUMMARY_SHAPE, "abstract": abstract})
