"""A support bot's DSPy signatures derive from the project's own base signature; the reply's
second input is described as the conversation so far, and comes after the new message."""

import dspy


class Described(dspy.Signature):
    """A signature whose fields all carry descriptions (the project's convention)."""


class Reply(Described):
    """Answer the customer as the support desk of a bicycle shop. Be brief and friendly,
    quote the shop's policy when it applies, never promise a repair date, and offer to hand
    the conversation to a mechanic whenever the question is about brakes or wheels."""

    message: str = dspy.InputField(desc="The customer's newest message")
    earlier: str = dspy.InputField(desc="Conversation history with this customer")

    reply: str = dspy.OutputField(desc="What the desk writes back")


answer = dspy.ChainOfThought(Reply)
