"""Tone names read from the deployment's settings, with a fallback written beside them: the
`tone_names or "..."` default is the names themselves (a deployment's), not a value of
unknown scope; the email, in the message after the rules, is the request's."""
from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")

TRIAGE_PROMPT = """You sort the emails of a support inbox. Pick a tone for the reply from
{tone_names}, the one that fits the sender best. Then put the email in one category:
refund, access, outage or other. Answer with a JSON object holding "tone", "category" and
"reason", where the reason is one sentence in English. Never answer the email itself, never
invent a category, and choose "other" when the email fits none of the four categories."""


def triage(email: str, app_settings: dict | None = None) -> str:
    if app_settings:
        tone_names = ", ".join(app_settings.get("tones", []))
    else:
        tone_names = ""
    system = TRIAGE_PROMPT.format(tone_names=tone_names or "plain, warm, formal")
    reply = client.chat.completions.create(model="triage", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": email}])
    return reply.choices[0].message.content
