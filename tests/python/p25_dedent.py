import textwrap

from openai import OpenAI

client = OpenAI()


def reply(user, question):
    system = textwrap.dedent(f"""\
        You are helping {user.first_name}.
        Answer from the documentation only, cite the page you used, and say plainly when the
        answer is not there. Never promise refunds or credits, never share another customer's
        data, and hand billing disputes and outages to a human agent.""")
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
