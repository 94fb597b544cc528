from openai import OpenAI

client = OpenAI()

PLANNER_PROMPT = """You plan a wine tasting for a customer. Read the conversation and reply with a
JSON object holding the occasion, the number of guests, the budget per bottle and the styles the
customer likes. Never invent a value the customer did not give: use null. Keep the styles as the
customer wrote them, in their language, and list at most five. Do not recommend any wine yet."""


def with_system_prompt(prompt: str):
    def decorator(func):
        def wrapper(self, messages):
            return func(self, [{"role": "system", "content": prompt}] + messages)
        return wrapper
    return decorator


class TastingPlanner:
    @with_system_prompt(PLANNER_PROMPT)
    def plan_tasting(self, messages):
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
        return reply.choices[0].message.content
