"""A Flask handler that returns its answer and keeps, below the `return`, the prompt an
earlier version built (the genre first): that code never runs, so its text is no prompt."""
from flask import Flask, jsonify, request
from openai import OpenAI

app = Flask(__name__)
client = OpenAI()
GUIDE = ("You write short stories for a reading app. Keep each story under six hundred words, "
         "give it a title on the first line, use simple vocabulary for young readers, avoid "
         "violence and brand names, and end with one question the reader can think about.")


@app.post("/story")
def story():
    data = request.get_json()
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": GUIDE},
        {"role": "user", "content": f"Genre: {data['genre']}\nIdea: {data['idea']}"}])
    return jsonify({"text": reply.choices[0].message.content})
    tone_prompt = (f"As a {data['genre']} author, set the tone of the story before anything "
                   "else. Choose one mood, keep it through every scene, and let the setting, "
                   "the characters' actions and their dialogue carry it. Prefer concrete "
                   "detail to adjectives, vary sentence length to control the pace, and keep "
                   "the ending in the same mood as the opening.\n\n"
                   f"Idea: {data['idea']}")
    print(tone_prompt)
