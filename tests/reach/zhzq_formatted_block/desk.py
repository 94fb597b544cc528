from reply import reply

HOURS = ("Opening hours: weekdays from seven in the morning to eleven at night, weekends "
         "from nine to nine. Classes: beginners on Monday and Thursday evenings, technique "
         "on Saturday mornings. Day pass twelve euros, ten-visit card one hundred euros.")


def answer_member(history: list[dict], gym_name: str, closed_walls: list[str]) -> str:
    walls = ", ".join(closed_walls) or "none"
    briefing = f"Gym: {gym_name}\nWalls closed for route setting today: {walls}\n{HOURS}"
    return reply(history, briefing)
