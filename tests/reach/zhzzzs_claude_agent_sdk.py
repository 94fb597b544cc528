"""A reviewer and a chat on the Claude Agent SDK: the system prompt is the options'
`system_prompt`, read where the options are passed, not a sink of its own."""
from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, query

RULES = """You review pull requests for a payments service. Check each change for:
1. Money handled as integers of the smallest unit, never as floats.
2. Every external call wrapped in a timeout and a retry with backoff.
3. Idempotency keys on every request that moves money.
4. No personal data written to logs, traces or error messages.
Answer with a list of findings, each with its file and line, or say that none were found."""


async def review(author: str, diff: str) -> str:
    options = ClaudeAgentOptions(system_prompt=f"The author is {author}.\n{RULES}", max_turns=1)
    text = ""
    async for message in query(prompt=diff, options=options):
        text += str(message)
    return text


async def chat(turns):
    async with ClaudeSDKClient(options=ClaudeAgentOptions(system_prompt=RULES)) as client:
        for turn in turns:
            await client.query(turn)
