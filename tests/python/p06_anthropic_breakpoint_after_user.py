import anthropic

from policy import POLICY

client = anthropic.Anthropic()


def reply(user, question):
    system = [{"type": "text", "text": f"You are helping {user.name}.\n" + POLICY,
               "cache_control": {"type": "ephemeral"}}]
    return client.messages.create(model="claude-sonnet-4-5", max_tokens=800, system=system,
                                  messages=[{"role": "user", "content": question}])
