"""A voice assistant: each turn records the microphone in a helper (`sounddevice.rec`) and
transcribes it with a model loaded at start-up; what was heard is that turn's request, put
before the persona here."""
import requests
import sounddevice as sd
import whisper

model = whisper.load_model("base")
PERSONA = ("You are Nova, a patient voice assistant for a home. You answer in two sentences at most, "
           "you never read out links, you convert units to metric, you avoid lists because the answer "
           "is spoken aloud, and when a question is unclear you ask one short question back. "
           "You keep a friendly tone and never mention that you are a model. Speak plainly, avoid "
           "jargon, and when you give numbers round them so they are easy to hear.")


def record(seconds):
    audio = sd.rec(int(seconds * 16000), samplerate=16000, channels=1)
    sd.wait()
    return audio.squeeze()


def transcribe(audio):
    return model.transcribe(audio)["text"]


def ask(words):
    prompt = "Heard: " + words + "\n\n" + PERSONA + "\nReply:"
    reply = requests.post("http://localhost:5001/api/v1/generate", json={"prompt": prompt})
    return reply.json()["results"][0]["text"]


def main():
    while True:
        audio = record(5)
        words = transcribe(audio)
        print(ask(words))


if __name__ == "__main__":
    main()
