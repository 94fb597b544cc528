import datetime

import anthropic

from policy import POLICY

client = anthropic.Anthropic()


def reply(question):
    today = datetime.date.today().isoformat()
    tools = [{"name": "search", "description": f"Search the docs as of {today}.",
              "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}}}]
    return client.messages.create(model="claude-sonnet-4-5", max_tokens=800, tools=tools,
                                  system=POLICY,
                                  messages=[{"role": "user", "content": question}])
