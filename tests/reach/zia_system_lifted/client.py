"""The project's chat client: a leading system message is lifted into the `system`
parameter, as Anthropic's API wants, and the rest are sent as the turns."""
import anthropic


class Chat:
    def __init__(self, model: str) -> None:
        self.model = model
        self.client = anthropic.Anthropic()

    def send(self, messages: list[dict], **options) -> str:
        if messages[0]["role"] == "system":
            system = messages[0]["content"]
            messages = messages[1:]
        else:
            system = ""
        reply = self.client.messages.create(
            model=self.model, system=system, messages=messages, max_tokens=1024, **options)
        return reply.content[0].text
