"""One trainee's rehearsal: made with the part picked in the form, kept for the session."""

from .chains import rehearsal_with_history


class Rehearsal:
    def __init__(self, role: str, session_id: str):
        self.role = role
        self.session_id = session_id

    def counter_move(self, move: str) -> str:
        reply = rehearsal_with_history.invoke(
            {"role": self.role, "move": move},
            config={"configurable": {"session_id": self.session_id}})
        return reply.content
