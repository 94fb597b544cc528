"""A web handler reads the body of the request it serves (`request.get_json()`): whatever is
read from it changes with every request, even under a name that ends in `prompt`
(`task_prompt`, the user's task). Here it comes before the planning rules (PFX001)."""
from flask import Flask, request
from openai import OpenAI

app = Flask(__name__)
client = OpenAI()

PLANNING_RULES = """Break the task above into at most seven numbered steps. Each step names
one action and the condition under which to go back to an earlier step, if there is one. Do
not solve the task and do not add steps the task does not need; a reviewer follows the steps
as written, so write each one so that it can be checked on its own."""


@app.route("/api/plan", methods=["POST"])
def plan():
    body = request.get_json()
    task_prompt = body["task_prompt"]
    response = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": f"Task: {task_prompt}\n\n{PLANNING_RULES}"}])
    return {"plan": response.choices[0].message.content}
