"""A run reads the file it finds in a folder (the previous step's output): its input."""

from pathlib import Path

from openai import OpenAI


def summarize_latest(folder="transcripts"):
    found = sorted(Path(folder).glob("*.txt"))
    with open(found[-1], encoding="utf-8") as handle:
        transcript = handle.read()
    prompt = f"""Here is a meeting transcript:

{transcript}

Write the minutes of the meeting: the decisions taken, each with the person who owns it and
the date it is due, then the open questions, then the next meeting's agenda. Use short
bullet points, keep the speakers' names as written, and do not add anything the transcript
does not say."""
    client = OpenAI()
    return client.chat.completions.create(model="gpt-4o", messages=[
        {"role": "user", "content": prompt}])
