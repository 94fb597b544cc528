"""A planning node: the rules with the clock, then the request's own constraints a helper
writes out, open the conversation a pruning step hands the model later."""
from datetime import datetime

from langchain_core.messages import SystemMessage

PLANNER_RULES = """You plan afternoon outings in the city. It is now {now}.
Suggest three stops in walking order, each with its opening hours for today, the time to
spend there and the walk to the next one. Never suggest a place that is closed at the
planned arrival time, and keep the whole outing under five hours. End with one sentence
that says what to book ahead, if anything."""


def _constraints(state) -> str:
    parts = []
    if state.stops:
        parts.append(f"- The user asked for {state.stops} stops. Do not ask how many stops "
                     "they want; plan exactly that many stops.")
    if state.closed:
        parts.append(f"- Earlier in this conversation these places were closed at the planned "
                     f"arrival time and must not be suggested again: {', '.join(state.closed)}.")
    if not parts:
        return ""
    return "\n\nREQUEST CONSTRAINTS (follow them before the rules above):\n" + "\n".join(parts)


def plan(state) -> dict:
    now = datetime.now().strftime("%A %H:%M")
    opened = [SystemMessage(PLANNER_RULES.format(now=now) + _constraints(state)),
              *state.messages]
    return {"messages": opened}
