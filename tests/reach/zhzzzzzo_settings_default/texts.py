SUMMARY_PROMPT = """Write for {audience}. Summarise the meeting notes the user sends in at most
eight bullet points: decisions first, then open questions, then who owes what by when. Quote
numbers and dates exactly as the notes give them, never add a decision the notes do not record,
and leave out small talk, greetings and anything said about people who were not in the room."""
