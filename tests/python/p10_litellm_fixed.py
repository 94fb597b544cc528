import time

import litellm

from policy import POLICY


async def reply(question):
    return await litellm.acompletion(model="gpt-4.1", messages=[
        {"role": "system", "content": POLICY},
        {"role": "user", "content": "Request received at %d.\n%s" % (time.time(), question)},
    ])
