"""A Flask handler that returns its story and keeps, below the `return`, a call of an older
prompt builder: that call never runs, so this file is not where the builder's text is
used."""
from flask import Flask, jsonify, request
from openai import OpenAI

import helpers

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
    tone = helpers.tone_prompt(data)
    print(tone)
