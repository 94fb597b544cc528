from openai import OpenAI

INTENTS = """You sort a user's message into one intent: start_research, refine_questions,
approve_questions or chat. Reply with JSON holding the intent and one sentence on why. A new
topic is start_research; feedback on questions already proposed is refine_questions; a clear
yes to those questions is approve_questions; anything about the system itself is chat. Never
answer the user's question yourself, and never invent an intent outside these four."""


def classify(message: str) -> str:
    system_prompt = INTENTS
    if False:  # the earlier, longer prompt, kept for reference
        system_prompt = f"The user wrote: {message}\n\n{INTENTS}"
    reply = OpenAI().chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": system_prompt},
                  {"role": "user", "content": message}])
    return reply.choices[0].message.content
