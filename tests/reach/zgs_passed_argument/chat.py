from anthropic import Anthropic

from .personas import coach_prompt

client = Anthropic()


def reply(user, history: list) -> str:
    answer = client.messages.create(model="claude-sonnet-4-5", max_tokens=400,
                                    system=coach_prompt(user.first_name), messages=history)
    return answer.content[0].text
