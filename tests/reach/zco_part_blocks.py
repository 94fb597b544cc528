"""A client that drops its own bookkeeping keys from each message before sending (a dict
comprehension per message), and content parts held in a name (`block`, given a cache
breakpoint for one provider)."""

import litellm

BOOKKEEPING = frozenset({"turn_id", "spoken_at"})

TOPIC_RULES = """Name the topic of the call in two or three words, then say whether the caller
sounds satisfied, neutral or upset. Answer in JSON: {"topic": "...", "mood": "..."}. Use
"unknown" when the transcript is too short to tell, and never quote the caller's words."""


def without_bookkeeping(messages):
    return [{k: v for k, v in m.items() if k not in BOOKKEEPING} if isinstance(m, dict) else m
            for m in messages]


class CallModel:
    def __init__(self, model):
        self.model = model

    async def generate(self, messages, json_mode=False):
        options = {"model": self.model, "messages": without_bookkeeping(messages)}
        if json_mode:
            options["response_format"] = {"type": "json_object"}
        reply = await litellm.acompletion(**options)
        return reply.choices[0].message.content


def rules_message(model):
    block = {"type": "text", "text": TOPIC_RULES}
    if model.startswith("claude"):
        block["cache_control"] = {"type": "ephemeral"}
    return {"role": "system", "content": [block]}


async def topic_of(llm: CallModel, transcript_lines):
    transcript = "\n".join(transcript_lines)
    fine = await llm.generate([rules_message(llm.model), {"role": "user", "content": transcript}])
    late = await llm.generate([{"role": "system", "content": f"Transcript:\n{transcript}\n\n"
                                + TOPIC_RULES}], json_mode=True)
    return fine, late
