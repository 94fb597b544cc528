import anthropic

from policy import PERSONA, POLICY

client = anthropic.AsyncAnthropic()


async def handle(req, question):
    rid = req.headers["x-request-id"]
    system = f"[{rid}] " + PERSONA + POLICY
    return await client.messages.create(model="claude-sonnet-4-5", max_tokens=800, system=system,
                                        messages=[{"role": "user", "content": question}])
