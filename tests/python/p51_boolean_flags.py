from openai import OpenAI

from policy import POLICY

client = OpenAI()


def lookup_model(name):
    return {"gpt-4.1": {"reasoning": False}}.get(name)


def answer(model, question):
    model_info = lookup_model(model) if model else None
    think_aloud = not model_info or not model_info["reasoning"]
    return client.chat.completions.create(model=model, messages=[
        {"role": "system", "content": (
            f"{'Think step by step in <thinking> tags.' if think_aloud else ''}\n{POLICY}")},
        {"role": "user", "content": question}])


def brief(model, question):
    terse = len(question) > 400
    return client.chat.completions.create(model=model, messages=[
        {"role": "system", "content": f"{'Be brief.' if terse else ''}\n{POLICY}"},
        {"role": "user", "content": question}])
