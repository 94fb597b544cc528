from string import Template

from openai import OpenAI

client = OpenAI()


def greet(customer, question):
    with open("prompts/welcome.txt", encoding="utf-8") as handle:
        welcome = Template(handle.read())
    system = welcome.substitute(customer_name=customer.name, plan="standard")
    return client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": system}, {"role": "user", "content": question}])
