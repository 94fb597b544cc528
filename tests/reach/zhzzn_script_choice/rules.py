"""The summary rules both backends send."""

RULES = """Summarise the meeting notes for people who missed the meeting. Start with the decisions
taken, each with its owner and date, then the open questions, then anything that was
postponed. Keep names as written, never guess a date that the notes do not give, and leave
out small talk, greetings and jokes. Write at most eight bullet points in plain sentences,
and end with one line that says when the next meeting is, or "No next meeting set.\""""
