from openai import OpenAI

from .catalog import DISPLAY, RECENT

client = OpenAI()


def route(text):
    lines = "\n".join(f"- {display} (id: {canonical})"
                      for canonical, display in sorted(DISPLAY.items(), key=lambda i: i[1]))
    prompt = (
        "You route requests for a meeting-room desk. Pick one intent from this list:\n"
        f"{lines}\n"
        "Answer with JSON only: {\"intent\": ..., \"slots\": {...}}. Fill every required slot "
        "from the request, leave a slot null when the request does not say it, never invent a "
        "room or a booking id, and when the request fits no intent answer with UNKNOWN. Times are "
        "24-hour, local to the building, and a booking longer than four hours is refused. Rooms "
        "are named by floor and letter, like 3B, and a request naming a floor only gets the first "
        "free room of that floor. Cancellations need the booking id the confirmation e-mail gave.\n"
        f"Request: {text}"
    )
    return client.chat.completions.create(model="gpt-4o-mini",
                                          messages=[{"role": "user", "content": prompt}])


def recap(text):
    seen = "\n".join(f"- {intent}: last {when}" for intent, when in sorted(RECENT.items()))
    prompt = (
        f"Intents and when each was last used:\n{seen}\n"
        "Say which intents the desk should advertise on the lobby screen this week. Prefer the "
        "ones used least, never advertise cancellations, keep each line under eight words, and "
        "write the lines in the order the screen shows them, most useful first. Do not mention "
        "any person, booking id or room that appears in the records; the screen is public and "
        "the lines must read the same to every visitor who walks past it.\n"
        f"Desk note: {text}"
    )
    return client.chat.completions.create(model="gpt-4o-mini",
                                          messages=[{"role": "user", "content": prompt}])
