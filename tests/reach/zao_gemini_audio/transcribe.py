"""Speech to text with Gemini: each batch's audio clips, then the transcription rules, in one
user turn; the rules file is found under a folder the environment names."""

import os
from pathlib import Path

from google import genai
from google.genai import types

APP_ROOT = os.getenv("APP_ROOT", ".")


def transcribe(clips, api_key):
    rules = Path(APP_ROOT + "/prompts/transcribe.txt").read_text(encoding="utf-8")
    parts = []
    for clip in clips:
        parts.append(types.Part.from_bytes(mime_type="audio/wav",
                                           data=Path(clip).read_bytes()))
    parts.append(types.Part.from_text(text=rules))
    client = genai.Client(api_key=api_key)
    response = client.models.generate_content(
        model="gemini-flash-latest",
        contents=[types.Content(role="user", parts=parts)])
    return response.text
