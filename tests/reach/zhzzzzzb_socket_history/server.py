"""A web socket chat: the stored turns, loaded once per connection and reshaped into
role and content (`[{...} for m in full_history]`), are the conversation each turn sends."""
from fastapi import FastAPI, WebSocket

from agent import run, system_prompt
from store import Conversations

app = FastAPI()


@app.websocket("/chat")
async def chat(ws: WebSocket):
    await ws.accept()
    full_history = await Conversations("chat.db").load_history()
    history = [{"role": m["role"], "content": m["content"]} for m in full_history]
    while True:
        data = await ws.receive_json()
        user_message = data["text"]
        system = system_prompt(user_message)
        answer = await run(user_message, history, system)
        history.append({"role": "user", "content": user_message})
        history.append({"role": "assistant", "content": answer})
        await ws.send_json({"text": answer})
