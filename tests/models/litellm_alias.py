"""An older client of LiteLLM: `litellm.acreate` is the alias of `acompletion` it still calls,
with the request a method builds."""
import litellm


class Reviewer:
    def __init__(self, model):
        self.model = model

    def request(self, messages):
        return {"model": self.model, "messages": messages, "temperature": 0}

    async def review(self, diff, author):
        messages = [{"role": "system", "content": f"You review changes by {author}. Point out "
                     "bugs first, then missing tests, then anything that makes the change "
                     "hard to read, one line each, with the line number it concerns. Do not "
                     "comment on formatting a formatter would change, do not repeat a problem "
                     "an earlier line covers, and end with APPROVE or REQUEST CHANGES."},
                    {"role": "user", "content": diff}]
        request = self.request(messages)
        return await litellm.acreate(**request)
