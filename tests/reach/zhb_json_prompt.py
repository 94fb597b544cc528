import json

from openai import OpenAI

client = OpenAI()


def triage(ticket: dict, question: str) -> str:
    prompt = {
        "instruction": "Classify the support ticket below and draft a first reply.",
        "schema": {"category": "billing | bug | how-to | other", "urgency": "1-5",
                   "reply": "string, at most 80 words"},
        "question": question,
        "ticket": ticket,
        "constraints": [
            "Never promise a refund; say that the billing team will review the request.",
            "Quote the ticket's own words when you name the problem.",
            "Urgency 5 is only for outages that stop a whole team from working.",
            "Reply in the language the customer wrote in, without markdown.",
            "If the ticket mentions a security issue, set category to other and urgency to 5.",
        ],
    }
    reply = client.chat.completions.create(
        model="gpt-4.1-mini",
        messages=[{"role": "user", "content": json.dumps(prompt, indent=2)}])
    return reply.choices[0].message.content
