import json

from vllm import LLM, SamplingParams

from policy import POLICY

llm = LLM(model="Qwen/Qwen2.5-7B-Instruct", enable_prefix_caching=True)


def triage(path):
    """One request per ticket of the file: the ticket's id opens each prompt."""
    rows = [json.loads(line) for line in open(path)]
    prompts = [f"Ticket {row['ticket_id']}\n{POLICY}\nCustomer: {row['message']}"
               for row in rows]
    return llm.generate(prompts, SamplingParams(max_tokens=256))


def answer(questions):
    """A batch of conversations, each the policy and then its question: stable."""
    conversations = [[{"role": "system", "content": POLICY},
                      {"role": "user", "content": question}] for question in questions]
    return llm.chat(conversations, SamplingParams(max_tokens=256))
