"""A museum kiosk that answers spoken questions: the words a speech model, loaded once at
start-up, transcribes from each recording open the prompt, before the kiosk's rules."""

import requests
import whisper

recognizer = whisper.load_model("small")

RULES = """Answer as the museum's guide. Use at most four sentences and plain words a child of
ten can follow. Name the gallery and the floor of every object you mention, and say when a
gallery closes early on the day of the question. Never give prices other than those on the
ticket desk's list, never book tours, and when asked about something not in the collection,
say so and suggest the nearest gallery with a related theme. Finish with one short question
that invites the visitor to look closer at a detail of the object they asked about."""


def transcribe(recording):
    result = recognizer.transcribe(recording, fp16=False)
    return result["text"]


def answer(recording):
    heard = transcribe(recording)
    prompt = f"A visitor asked: {heard}\n\n{RULES}\n\nGuide:"
    reply = requests.post("http://localhost:8080/completion",
                          json={"prompt": prompt, "n_predict": 200})
    return reply.json()["content"]
