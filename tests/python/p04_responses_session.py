from openai import OpenAI

from policy import POLICY

client = OpenAI()


def reply(session_id, question):
    return client.responses.create(
        model="gpt-4.1",
        instructions=f"Session {session_id}.\n{POLICY}",
        input=question,
    )
