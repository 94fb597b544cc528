from openai import OpenAI

from policy import POLICY

client = OpenAI()
RULE = "=" * 40
EXAMPLES = [
    {"role": "user", "content": "Where is my invoice?"},
    {"role": "assistant", "content": "Invoices are under Billing, then History."},
]


def respond(question):
    examples = EXAMPLES[:]
    system = f"{RULE}\n{POLICY}{RULE}"
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, *examples, {"role": "user", "content": question}])
