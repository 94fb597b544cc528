"""A cached system block holding a text whose scope the code does not say (`notes`, a caller's
value): the breakpoint after it is PFX013's only once the value is known to vary per user or
request (declared so in the configuration), not while nothing says it varies at all."""
import anthropic

INTRO = "You are the build assistant of the platform team."
RULES = ("You answer questions about the team's build pipeline: which job failed, what its log "
         "says and which change most likely broke it. Quote log lines exactly, name the commit "
         "you suspect by its short hash, and say plainly when the log does not show a cause.")


def ask(notes, question):
    system = [{"type": "text", "text": INTRO + "\n" + notes + "\n" + RULES,
               "cache_control": {"type": "ephemeral"}}]
    return anthropic.Anthropic().messages.create(
        model="claude-sonnet-4-5", max_tokens=800, system=system,
        messages=[{"role": "user", "content": question}])
