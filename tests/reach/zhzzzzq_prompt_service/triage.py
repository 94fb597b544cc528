"""Sort one ticket typed at the desk's terminal."""

from openai import OpenAI

from desk import Desk

client = OpenAI()


def triage(desk: Desk, message: str) -> str:
    prompt = desk.prompts.load("triage")
    system = desk.prompts.render(prompt, {"message": message})
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "system", "content": system}])
    return reply.choices[0].message.content


if __name__ == "__main__":
    print(triage(Desk(), input("ticket> ")))
