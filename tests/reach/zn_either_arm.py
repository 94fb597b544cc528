"""A prompt chosen by an if/else: the arm with instructions and retrieved passages, or the
bare question when nothing was found. The passages arm is read (cut to a length with a
slice), so the passages above the citation rules are found."""
import openai

CITATION_RULES = """Cite every sentence with the number of the passage it comes from, as [n].
Say which passage each claim rests on and never cite a passage that does not hold it.
When the passages disagree, say so and cite both; when they are silent, say that nothing
in them answers the question rather than answering from memory.
Keep the answer under two hundred words and in the language of the question."""


def build_prompt(question, passages, limit=6000):
    if len(passages) > 0:
        prompt = "You answer questions about the handbook from the passages below.\n"
        for number, passage in enumerate(passages, start=1):
            prompt = prompt + f"\n[{number}] " + passage
        if len(prompt) > limit:
            prompt = prompt[:limit]
        prompt = prompt + "\n\n" + CITATION_RULES + "\n\nQuestion: " + question
    else:
        prompt = question
    return prompt


def complete(prompt):
    reply = openai.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content


def answer(question, passages):
    return complete(build_prompt(question, passages))
