"""A receipt reader: the rendered instructions are held by the class (loaded from the
package's files), and the page image goes before them in the Gemini request, so every
receipt ends the shared prefix at once. The video summary puts its text part first."""

from importlib.resources import files

from google import genai
from google.genai import types
from jinja2 import Template
from openai import OpenAI


class ReceiptReader:
    try:
        _RECEIPT = Template(files("scanner.prompts").joinpath("receipt.j2").read_text())
    except OSError as error:
        raise RuntimeError(f"missing prompt file: {error}")

    def __init__(self) -> None:
        self.client = genai.Client()

    @property
    def _receipt_prompt(self) -> Template:
        return self._RECEIPT

    def read(self, photo: bytes, hint: str = "") -> str:
        prompt = self._receipt_prompt.render(hint=hint)
        response = self.client.models.generate_content(
            model="gemini-2.5-flash",
            contents=[types.Part.from_bytes(data=photo, mime_type="image/jpeg"), prompt],
        )
        return response.text


SUMMARY_RULES = """Summarize the attached clip for the shop's security log. Say when people
enter or leave the frame, what they carry, and whether anything is taken from a shelf without
being paid for. Give times as minutes and seconds from the start of the clip. Do not describe
faces, clothing brands or anything else that identifies a person; write "a customer" or "an
employee" instead. End with one line: "Incident: yes" or "Incident: no"."""


def summarize_clip(openai_client: OpenAI, clip_url: str) -> str:
    response = openai_client.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "user", "content": [
            {"type": "text", "text": SUMMARY_RULES},
            {"type": "video_url", "video_url": {"url": clip_url}},
        ]}],
    )
    return response.choices[0].message.content
