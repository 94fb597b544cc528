"""The service's settings: the summary prompt is a field default, read once per process."""
from functools import lru_cache

from pydantic_settings import BaseSettings

import texts


class Settings(BaseSettings):
    openai_api_key: str = ""
    summary_prompt: str = texts.SUMMARY_PROMPT.strip()


@lru_cache(maxsize=1)
def get_settings():
    return Settings()
