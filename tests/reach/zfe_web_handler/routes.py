from fastapi import FastAPI

from .endpoints import quick_log

app = FastAPI()
app.add_api_route("/log", quick_log, methods=["POST"])
