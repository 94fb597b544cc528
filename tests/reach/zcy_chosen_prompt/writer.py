"""The service picks one of two whole prompts per request: a choice of prompt, each with its
own cached prefix, not a break. The brief inside each one is."""

import json

from openai import OpenAI

from zcy_chosen_prompt.copy_prompts import ARTICLE_PROMPT, LANDING_PROMPT

client = OpenAI()


def write(brief: dict, user_request: str) -> str:
    chosen = ARTICLE_PROMPT if "article" in user_request.lower() else LANDING_PROMPT
    prompt = chosen.replace("{brief}", json.dumps(brief, indent=2))
    reply = client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content
