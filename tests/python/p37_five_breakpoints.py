import anthropic

from policy import PERSONA, POLICY

client = anthropic.Anthropic()
EPHEMERAL = {"type": "ephemeral"}


def reply(question):
    system = [
        {"type": "text", "text": PERSONA, "cache_control": EPHEMERAL},
        {"type": "text", "text": POLICY, "cache_control": EPHEMERAL},
        {"type": "text", "text": "Be brief.", "cache_control": EPHEMERAL},
        {"type": "text", "text": "Cite sources.", "cache_control": EPHEMERAL},
        {"type": "text", "text": "No emoji.", "cache_control": EPHEMERAL},
    ]
    return client.messages.create(model="claude-sonnet-4-5", max_tokens=800, system=system,
                                  messages=[{"role": "user", "content": question}])
