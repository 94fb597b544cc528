"""A source finder behind a web route: the topic and how many results to return come with
each request, in a prompt far shorter than OpenAI's caching minimum."""

from fastapi import FastAPI, Query
from openai import OpenAI

app = FastAPI()
client = OpenAI()


@app.get("/sources")
def sources(topic: str, max_results: int = Query(8, ge=1, le=20)):
    prompt = f"""Find recent sources about {topic}.
Return a JSON array of up to {max_results} objects with the keys title, url, snippet,
publisher and published_at. Prefer official reports and reputable news, never forums, and
give every date as YYYY-MM-DD. Leave a key empty rather than guessing its value."""
    return client.responses.create(model="gpt-4o-mini", input=prompt)
