"""A note tagger on an Apple laptop: MLX LM runs the prompt in process."""
from mlx_lm import generate, load

model, tokenizer = load("mlx-community/Qwen2.5-3B-Instruct-4bit")

RULES = """Tag the note with at most three tags from this list: work, family, health,
money, travel, learning, errands. Use a tag only when the note is mainly about it; a note
that mentions a doctor while planning a trip is travel. Answer with the tags in lower case,
separated by commas, and nothing else: no sentence, no explanation, no punctuation at the end."""


def tag(note: str) -> str:
    prompt = f"Note: {note}\n\n{RULES}"
    return generate(model, tokenizer, prompt=prompt, max_tokens=20)


def tag_streamed(note: str):
    messages = [{"role": "system", "content": RULES}, {"role": "user", "content": note}]
    prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True)
    return generate(model, tokenizer, prompt, max_tokens=20)
