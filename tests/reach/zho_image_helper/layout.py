from openai import OpenAI

from images import to_data_url

client = OpenAI()

LAYOUT_RULES = """List every block on the page in reading order. For each block give its kind
(title, heading, paragraph, table, figure, caption, footnote or page number), its bounding
box as four integers, and its text. Write tables as HTML and formulas as LaTeX. Skip page
headers and footers. Answer with one JSON list and nothing else."""


def read_page(png: bytes) -> str:
    reply = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": to_data_url(png)}},
        {"type": "text", "text": LAYOUT_RULES}]}])
    return reply.choices[0].message.content
