"""A bulletin extractor: the uploaded PDF goes first, then the extraction rules."""
from openai import OpenAI

client = OpenAI()

RULES = """You extract case counts from a weekly outbreak bulletin.
Return one JSON object per row of the bulletin's table with the keys country, event,
grade, date_notified, total_cases, confirmed_cases and deaths. Follow these rules:
- Copy numbers exactly as printed; remove thousands separators; never estimate.
- Use null for a cell that is empty, a dash, or unreadable; never write zero for it.
- Write dates as YYYY-MM-DD; when only a week is given, use its Monday.
- Keep the country name as printed, and the event name without the word "outbreak".
- Skip rows that summarise a region or the whole table.
Answer with the JSON array only, with no text before or after it."""


def extract(path):
    with open(path, "rb") as handle:
        uploaded = client.files.create(file=handle, purpose="user_data")
    response = client.responses.create(
        model="gpt-5",
        input=[{"role": "user", "content": [
            {"type": "input_file", "file_id": uploaded.id},
            {"type": "input_text", "text": RULES},
        ]}],
    )
    return response.output_text
