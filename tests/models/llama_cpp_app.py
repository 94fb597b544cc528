"""A recipe helper on a local GGUF model through llama-cpp-python."""
from datetime import date

from llama_cpp import Llama

llm = Llama(model_path="models/llama-3.2-3b-instruct-q4_k_m.gguf", n_ctx=4096)

COOK = """You suggest one dinner recipe from the ingredients a user has. Use only those
ingredients plus salt, pepper, oil and water. Give the recipe a short name, then the steps,
numbered, one action each, with times in minutes. Say which steps can be done ahead, and end
with one line on how to keep leftovers. Never suggest raw eggs, and name any allergen."""


def suggest(ingredients: str) -> str:
    reply = llm.create_chat_completion(messages=[
        {"role": "system", "content": f"Today is {date.today():%A}.\n{COOK}"},
        {"role": "user", "content": ingredients},
    ])
    return reply["choices"][0]["message"]["content"]


def complete(ingredients: str) -> str:
    reply = llm.create_completion(f"{COOK}\n\nIngredients: {ingredients}\nRecipe:")
    return reply["choices"][0]["text"]


def quick(ingredients: str) -> str:
    """The object called itself: the ingredients before the cooking rules."""
    reply = llm(f"Ingredients: {ingredients}\n\n{COOK}\nRecipe:", max_tokens=400)
    return reply["choices"][0]["text"]
