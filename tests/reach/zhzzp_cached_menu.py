import json
import time

from openai import OpenAI

client = OpenAI()
with open("menu.json", encoding="utf-8") as handle:
    DISHES = json.load(handle)
_menu_text = None
_menu_built_at = 0.0
MENU_TTL_SECONDS = 600


def menu_text() -> str:
    """The menu as text, built again when ten minutes have passed (as the file may)."""
    global _menu_text, _menu_built_at
    now = time.time()
    if _menu_text is None or now - _menu_built_at > MENU_TTL_SECONDS:
        if not DISHES:
            _menu_text = "The menu is not available right now."
        else:
            _menu_text = "".join(f"- {d['name']}: {d['price']}\n" for d in DISHES)
        _menu_built_at = now
    return _menu_text


def take_order(message: str) -> str:
    system = f"""{menu_text()}
You take orders for a small restaurant. Only offer dishes from the menu above, quote each
price exactly as written there, and confirm the whole order back to the guest before it is
sent to the kitchen. Ask about allergies when a dish contains nuts, gluten or shellfish, and
never promise a delivery time. Answer in one or two short sentences, in the guest's language."""
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system}, {"role": "user", "content": message}])
    return reply.choices[0].message.content


def answer_allergy_question(question: str) -> str:
    dishes = "\n".join(f"{d['name']}: {d['allergens']}" for d in DISHES)
    system = f"""Allergens of each dish:
{dishes}
You answer guests' questions about allergens for a small restaurant. Name every dish on the
list above that contains what the guest asks about, and every dish that is safe, in two short
lists. Never guess an allergen that is not listed, and when a dish's allergens are unknown say
so and suggest the guest asks the kitchen. Answer in the guest's language, without greetings."""
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system}, {"role": "user", "content": question}])
    return reply.choices[0].message.content
