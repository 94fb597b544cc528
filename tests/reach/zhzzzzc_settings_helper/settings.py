"""Settings read once from the environment, and the values of the day, each as a dict."""
import os
from datetime import date


def load_settings():
    reply_language = os.getenv("REPLY_LANGUAGE", "English").strip()
    model = os.getenv("DIGEST_MODEL", "gpt-4o-mini")
    return {"language": reply_language, "model": model}


def today_values():
    return {"today": date.today().isoformat()}
