import anthropic

from policy import SYSTEM_TEMPLATE

client = anthropic.Anthropic()


def reply(customer, question):
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        system=SYSTEM_TEMPLATE.format(customer_name=customer.name),
        messages=[{"role": "user", "content": question}],
    )
