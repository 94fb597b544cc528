from string import Template
from typing import cast

from openai import OpenAI

from policy import POLICY

client = OpenAI()
FRAME = Template("Answer for $user_name, who is on the $plan plan.\n" + POLICY)


def reply(user, question):
    system = cast(Template, FRAME).safe_substitute(user_name=user.name, plan=user.plan)
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system},
        {"role": "user", "content": question}])
