"""A local backend that casts the messages to the library's own type."""

from typing import cast

import ollama
from ollama._types import Message


def ask_local_model(messages: list[dict]):
    return ollama.chat(model="llama3.1", messages=cast(list[Message], messages))
