"""A report request sent as text, or, when the user attached photos, as content parts built by
a helper (the same text part, then one part per photo): the parts are read through the `if`
that picks them, and the ticket's text is found before the rubric in both."""
import anthropic

client = anthropic.Anthropic()

RUBRIC = """Classify the damage in the report as cosmetic, functional or safety-critical, and
give one sentence of evidence for the class. Name the part of the device that is damaged
using the catalogue's words, never a guess. Answer with a JSON object holding "class",
"evidence" and "part", and nothing else: no markdown, no comments, no code fence."""


class DamageTriage:
    def _with_photos(self, text: str, photo_urls: list[str]) -> list[dict]:
        parts: list[dict] = [{"type": "text", "text": text}]
        for url in photo_urls:
            parts.append({"type": "image", "source": {"type": "url", "url": url}})
        return parts

    def triage(self, report: str, photo_urls: list[str]) -> str:
        text = f"Report:\n{report}\n\n{RUBRIC}"
        if photo_urls:
            content = self._with_photos(text, photo_urls)
        else:
            content = text
        reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300, messages=[
            {"role": "user", "content": content}])
        return reply.content[0].text
