"""A nutrition estimate sent to the team's model server: the food comes first, the rules
after it, so every request recomputes the rules."""
import httpx

NUTRITION_RULES = """Estimate calories, carbohydrates, protein and fat for the food above.
Reply with a JSON object holding "calories", "carbs", "protein", "fat" and "note".
Use typical portion sizes from standard nutrition tables when the portion is vague.
Never give medical advice; suggest asking a doctor for anything beyond nutrition facts.
Round every number to the nearest whole unit and keep the note under twenty words."""


def estimate(dish: str, portion: str) -> str:
    prompt = f"Food: {dish} ({portion})\n\n{NUTRITION_RULES}"
    reply = httpx.post("http://llm.internal:8000/v1/chat/completions", json={
        "model": "coach", "messages": [{"role": "user", "content": prompt}]})
    return reply.json()["choices"][0]["message"]["content"]
