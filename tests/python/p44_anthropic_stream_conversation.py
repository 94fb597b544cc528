import anthropic

from policy import POLICY

client = anthropic.Anthropic()


def reply(conversation_id, question):
    with client.messages.stream(model="claude-sonnet-4-5", max_tokens=800,
                                system=f"Conversation {conversation_id}\n{POLICY}",
                                messages=[{"role": "user", "content": question}]) as stream:
        return stream.get_final_message()
