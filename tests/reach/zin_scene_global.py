"""A camera helper for blind and low-vision users: a vision model describes the scene once,
then follow-up questions are answered from that description. The description is kept in a
module global that `describe_scene` sets; it starts as None only until the first photo."""
import base64

import openai

SCENE = None

PREFIX = "Given the following description of a scene and the questions asked before:\nScene:\n"

RULES = (
    "Answer the current question with the following in mind. Be brief: one or two sentences."
    " Do not repeat coordinates or bounding boxes, and never describe anything that is not in"
    " the scene description or the earlier questions. If the description does not say,"
    " answer that you do not know rather than guess. Speak as if to a person who cannot see"
    " the scene, naming where things are from where they stand: left, right, ahead, behind."
    " Warn first about steps, traffic, open doors and anything at head height."
)


def describe_scene(image_path: str) -> None:
    global SCENE
    with open(image_path, "rb") as handle:
        image = base64.b64encode(handle.read()).decode()
    response = openai.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "user", "content": [
            {"type": "text", "text": "Describe this scene as JSON."},
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{image}"}},
        ]}],
    )
    SCENE = response.choices[0].message.content


def answer(question: str) -> str:
    prompt = PREFIX + SCENE + "\n" + RULES + "\nQuestion: " + question
    response = openai.chat.completions.create(
        model="gpt-4o",
        messages=[
            {"role": "system", "content": "You are a helpful assistant."},
            {"role": "user", "content": prompt},
        ],
    )
    return response.choices[0].message.content
