"""The hunt's messages, in a module whose file name is capitalised: the agent imports it as
`hunt_prompts`, which finds it on the case-insensitive file systems of Windows and macOS."""

SYSTEM_MESSAGE = {
    "role": "system",
    "content": "You help security analysts hunt for threats in the logs they export.",
}

RULES = """Report each suspicious event as one finding with a title, the evidence lines
that support it, the MITRE ATT&CK technique it matches and a confidence of low, medium or
high. Group events that share a host and a five-minute window into one finding. Ignore
scheduled tasks and updates signed by the operating system's vendor unless they start a
shell. Never report an event without quoting its evidence, and never guess a technique:
leave it empty when none fits. Answer with a JSON object whose "findings" key holds the
list, and an empty list when nothing in the logs is suspicious."""


def hunt_message(request: str, logs: str) -> dict:
    return {"role": "user", "content": f"Analyst request: {request}\n\n{RULES}\n\nLogs:\n{logs}"}
