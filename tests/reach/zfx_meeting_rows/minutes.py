"""Minutes of a stored meeting: the recording's start time, a column of the row the meeting
is linked to (not the relationship its class declares), opens the system message of a bot
a factory makes afresh for the request (its kept turns start empty)."""
from .bot import default_bot
from .models import Meeting, Recording

WRITER = """You write the minutes of a council meeting from its transcript. Record each
decision with who proposed it and the vote, each action with its owner and deadline, and
leave out small talk. Use the council's own names for committees and roles, write in the
past tense, and keep every point to two sentences at most. Never add a decision, an action
or an attendee that the transcript does not contain."""
RECORDED = "Recorded on {date}.\n"


def minutes_for(recording: Recording, transcript: str) -> str:
    bot = default_bot()
    return bot.chat([{"role": "system",
                      "content": RECORDED.format(date=recording.started_at.strftime("%d %B %Y %H:%M"))
                      + WRITER},
                     {"role": "user", "content": transcript}])


class MinutesJob:
    @classmethod
    def from_meeting(cls, meeting: Meeting, transcript: str) -> str:
        return minutes_for(recording=meeting.recording, transcript=transcript)

