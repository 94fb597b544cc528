"""A conversation summarized by appending the summary instructions after it: the project's
loader reads them from a `builtin://` file of its prompt folder."""
import litellm

from zbt_prompt_loader.prompts import render_prompt


def compact(history: list[dict]) -> str:
    instructions = render_prompt("builtin://summarize_history.jinja2")
    reply = litellm.completion(
        model="gpt-4o", messages=history + [{"role": "user", "content": instructions}])
    return reply.choices[0].message.content
