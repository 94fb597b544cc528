import base64
import time

from anthropic import Anthropic

RULES = """Extract the receipt's vendor, date, total and currency. Answer with one JSON object
with the keys vendor, date, total and currency, and nothing else. Write the date as
YYYY-MM-DD. Write the total as a number with two decimals and no currency sign. If a field
cannot be read from the receipt, give null for it rather than a guess."""


class ReceiptReader:
    def __init__(self) -> None:
        self.client = Anthropic()

    def retry_with_backoff(self, func, *args, attempts: int = 3, **kwargs):
        for attempt in range(attempts):
            try:
                return func(*args, **kwargs)
            except Exception:
                time.sleep(2 ** attempt)
        raise RuntimeError("the model did not answer")

    def read(self, image_path: str) -> str:
        prompt = RULES
        return self.retry_with_backoff(self._call_api, image_path, prompt)

    def _call_api(self, image_path: str, prompt: str):
        with open(image_path, "rb") as f:
            data = base64.b64encode(f.read()).decode()
        return self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=512,
            messages=[{"role": "user", "content": [
                {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                             "data": data}},
                {"type": "text", "text": prompt}]}])


def with_retry(func, *args, attempts: int = 3):
    for attempt in range(attempts):
        try:
            return func(*args)
        except Exception:
            time.sleep(2 ** attempt)
    raise RuntimeError("the model did not answer")


def read_with_function(reader: ReceiptReader, image_path: str) -> str:
    # a module's retry function, called by its bare name
    return with_retry(reader._call_api, image_path, RULES)
