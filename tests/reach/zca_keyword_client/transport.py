"""A client that posts whatever keywords its caller gives as the JSON body."""
import httpx

ENDPOINT = "http://localhost:8000/v1/chat/completions"


async def send(**body):
    async with httpx.AsyncClient() as http:
        response = await http.post(ENDPOINT, json=body, timeout=60)
        return response.json()
