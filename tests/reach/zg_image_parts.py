"""Images sent before the instructions, as content parts: the parts built by a loop of
`append`s (or written out), each image's URL a value, the instructions' text after them."""

from openai import OpenAI

client = OpenAI(base_url="http://vllm.internal:8000/v1", api_key="unused")

RULES = """Describe the chart in the screenshots for a screen reader user.
Start with the chart type and its title, then the axes and their units.
Name the largest and the smallest values, and any trend over time.
Keep the description under one hundred words, in plain sentences without lists.
Do not guess numbers that are not printed on the chart; say that they are not shown."""


def describe(screenshots: list[str]) -> str:
    content = []
    for shot in screenshots:
        content.append({"type": "image_url", "image_url": {"url": shot, "detail": "high"}})
    content.append({"type": "text", "text": RULES})
    return client.chat.completions.create(model="vision-8b", messages=[
        {"role": "system", "content": "You describe charts."},
        {"role": "user", "content": content}])
