"""Prompt text held by the project's own prompt class (`TextPrompt("...")`, a `str` with a
`format` of its own), kept as class attributes and formatted by code not in view: each is
measured on its own. The role-play prompt names the user's side and the session's task
before its rules (PFX002, PFX005); the naming prompt puts its one field last (no finding)."""
from promptkit import TextPrompt


class RolePlayPrompts:
    ASSISTANT = TextPrompt("""Never forget you are the {assistant_role} and I am the {user_role}.
We work together on one task: {task}. Never forget our task!
I give you one instruction at a time. You answer each one with a specific solution that
solves it, explained step by step, with examples where they help. Decline an instruction
you cannot carry out for physical, moral or legal reasons, and say why. Do not ask me
questions; do not give me instructions. Start every answer with "Solution:" and end every
answer with "Next request." so that I know you are ready for the next instruction.""")

    NAMING = TextPrompt("""Give the conversation below a title of at most six words that a
person could find it by later. Use the words of the conversation where you can, no quotes,
no punctuation at the end, and nothing before or after the title.
Conversation: {conversation}""")
