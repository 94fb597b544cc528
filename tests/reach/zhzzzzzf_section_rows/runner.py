"""The research runner that asks for a brief with the session's personas."""
from brief import brief


def run(session, findings):
    return brief(findings, persona_keys=list(session.personas or []))
