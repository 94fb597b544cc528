"""Steering texts kept in a table and joined by a chat service not in view. Written as
adjacent strings with no line breaks, each is one line of prose; one of them tells the model
to "update" a brief with what it learns "from" the notes, which is English, not SQL."""

STEERING = {
    "before": (
        "You are helping the user get ready for the call \"{title}\" on {date}. "
        "Read the notes kept for this account first, then write or update a short brief with "
        "what you learn from them: who attends, what was promised last time, and what is still "
        "open. Keep the brief under two hundred words, cite the note each claim comes from, "
        "and say plainly when the notes do not cover something rather than guessing.\n\n"
    ),
    "after": (
        "The call has ended. Using the transcript below, list the decisions, then the action "
        "items with their owners, and draft a follow-up email only when the user asks.\n\n"
        "<transcript>\n{transcript}\n</transcript>\n\n"
    ),
}
