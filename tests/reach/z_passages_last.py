from openai import OpenAI

from policy import POLICY

client = OpenAI()

ANSWER = POLICY + """
Passages found for this question:
{passages}"""

BRIEFING = """Passages found for this question:
{passages}
""" + POLICY


def answer(question, request, index):
    """The passages close the system message, and the user's message holds only the tags
    around the request's other values: info, though the tags add up to 40 tokens."""
    passages = "\n".join(index.search(question, k=4))
    user = f"""<QUESTION OF THE CUSTOMER, AS TYPED>
{question}
</QUESTION OF THE CUSTOMER, AS TYPED>
<PAGE THE QUESTION WAS ASKED FROM>
{request.url}
</PAGE THE QUESTION WAS ASKED FROM>"""
    return client.chat.completions.create(model="m", messages=[
        {"role": "system", "content": ANSWER.format(passages=passages)},
        {"role": "user", "content": user}])


def brief(question, index):
    """The same passages above the policy in the system message: reported."""
    passages = "\n".join(index.search(question, k=4))
    return client.chat.completions.create(model="m", messages=[
        {"role": "system", "content": BRIEFING.format(passages=passages)},
        {"role": "user", "content": question}])
