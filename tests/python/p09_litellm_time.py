import time

from litellm import completion

from policy import POLICY


def reply(question):
    return completion(model="gpt-4.1", messages=[
        {"role": "system", "content": "Request received at %d.\n%s" % (time.time(), POLICY)},
        {"role": "user", "content": question},
    ])
