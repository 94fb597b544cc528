"""A prompt built in a local f-string that puts in a constant holding code (`{i: 0 for i in
...}`): the constant's braces are text, not fields of the prompt; and `turns: int` is how
many turns are allowed, a setting, not the conversation. The question comes last: no
finding."""

EXAMPLE_CODE = """
counts = {i: 0 for i in range(len(boxes))}
for i, box in enumerate(boxes):
    counts[i] += 1
print(f"{dets[i]['label']}: {counts[i]}")
"""


def first_prompt(question: str, turns: int, example: str = EXAMPLE_CODE) -> str:
    prompt = f"""You answer questions about an image by writing Python that calls the vision
tools, then reading what the code prints. You have {turns} turns to reach an answer: use the
tools fully, check their results against the image, and never guess a number the code did
not print. Write each step's code in one block, keep variable names short and clear, and
print every value you rely on. Follow the shape of this example:
{example}
Question: {question}"""
    return prompt
