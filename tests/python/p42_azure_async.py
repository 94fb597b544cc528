from openai import AsyncAzureOpenAI

from policy import POLICY

client = AsyncAzureOpenAI()


async def reply(customer, question):
    response = await client.chat.completions.create(model="gpt-4.1", messages=[
        {"role": "system", "content": f"Customer tier: {customer.tier}\n{POLICY}"},
        {"role": "user", "content": question}])
    return response
