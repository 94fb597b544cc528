"""A prompt held in an annotated local (`prompt: str = f"..."`), wrapped and sent by an interface
object the caller passes in: measured as prompt text, its topic above the answer's template."""


def outline_request(interface, topic: str) -> str:
    prompt: str = f"""Write the outline of a short story about {topic}.

Answer in exactly this shape, one line per field, and nothing else:
Title: a title of at most six words
Setting: where and when the story happens, in one sentence
Protagonist: a name, an age and one trait that matters to the plot
Conflict: what the protagonist wants and what stands in the way
Turn: the moment the conflict changes direction
Ending: how it resolves, in one sentence, without a moral
"""
    messages = [interface.user_message(prompt)]
    return interface.complete_chat(messages)
