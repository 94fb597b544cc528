import inspect

from openai import OpenAI

client = OpenAI()

SYSTEM = inspect.cleandoc("""
    Answer from the documentation only, cite the page you used, and say plainly when the
    answer is not there. Never promise refunds or credits, never share another customer's
    data, and hand billing disputes and outages to a human agent.
""")


def reply(user, question):
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"{user.first_name} asks: {question}"}])
