"""A batch judge run over a folder of proposals, on a self-hosted server: each file read in
the loop is one request's document (not a prompt file the deployment ships), and it comes
before the rubric."""

import os

from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1", api_key="local")


def score(proposal: str) -> str:
    prompt = "You review research proposals.\n\nThe proposal is:\n" + proposal + "\n\n"
    prompt += "Give the proposal an overall score from 1 to 10, where 1 means it is flawed "
    prompt += "or trivial, 5 means it is decent but not exciting, 8 means it would be a clear "
    prompt += "accept at a major conference and 10 means it would be a seminal paper. Judge "
    prompt += "novelty, feasibility and the clarity of the plan, and do not reward length. "
    prompt += "Answer with the number only, nothing else."
    reply = client.chat.completions.create(model="qwen2.5-7b-instruct",
                                           messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content


if __name__ == "__main__":
    folder = "proposals"
    for filename in sorted(os.listdir(folder)):
        with open(os.path.join(folder, filename)) as f:
            text = f.read()
        print(filename, score(text))
