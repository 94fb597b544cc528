"""A command-line assistant whose chat loop runs at module level: every pass reads a new
question and sends a request, so what the pass looks up is per request, not fixed at import.
The notes found for the question open the system message, before the fixed rules."""
import anthropic

client = anthropic.Anthropic()
NOTES = {"install": "Run the installer as an administrator.", "reset": "Hold the power key."}

RULES = """Answer as the support desk of a small hardware shop. Use the notes above when they
cover the question and say so; when they do not, say that you do not know rather than guess.
Keep answers under six sentences, give steps as a numbered list, never promise a refund or a
repair date, and point the customer to the shop's phone line for anything about an order."""

while True:
    question = input("> ")
    if not question:
        break
    found = [text for key, text in NOTES.items() if key in question.lower()]
    system = "Notes:\n" + "\n".join(found) + "\n\n" + RULES
    reply = client.messages.create(model="claude-3-5-haiku-latest", max_tokens=400,
                                   system=system,
                                   messages=[{"role": "user", "content": question}])
    print(reply.content[0].text)
