from openai import OpenAI

from support.prompts.triage import TriagePrompt


def triage(question: str, text: str) -> str:
    prompt = TriagePrompt(subject=question, ticket=text)
    reply = OpenAI().chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt.to_string()}])
    return reply.choices[0].message.content
