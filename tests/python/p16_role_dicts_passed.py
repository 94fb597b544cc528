import uuid

from policy import POLICY


def ask(send, question):
    trace = uuid.uuid4().hex
    send([{"role": "system", "content": f"trace={trace}\n{POLICY}"},
          {"role": "user", "content": question}])
