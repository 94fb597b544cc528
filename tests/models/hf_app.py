from datetime import datetime

from transformers import AutoTokenizer

from policy import POLICY

tokenizer = AutoTokenizer.from_pretrained("Qwen/Qwen2.5-7B-Instruct")


def prompt_ids(question, user):
    messages = [
        {"role": "system", "content": f"Signed in: {user.name}, {datetime.now():%H:%M}\n" + POLICY},
        {"role": "user", "content": question},
    ]
    return tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=True)
