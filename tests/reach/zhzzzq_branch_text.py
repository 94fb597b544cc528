"""A text a helper writes reaches the prompt through a choice on the request (`note if
forecast else ""`): the prompt sends it on some requests, so it is not measured on its own."""
from anthropic import Anthropic

SYSTEM = "You plan a day outdoors. Answer with a short schedule in plain text."


def weather_instructions(forecast):
    return (f"Forecast for the afternoon: {forecast['summary']}, {forecast['high']} degrees.\n"
            "Plan indoor activities for any hour with rain, and keep walks under an hour "
            "when it is hotter than thirty degrees. Suggest shade, water and sunscreen for "
            "every activity in the sun, and a jacket when the evening gets cold. Put the "
            "most tiring activity in the morning, and end the day near public transport.")


def plan_day(request):
    forecast = request.get("forecast")
    weather = f"\n\n{weather_instructions(forecast)}" if forecast else ""
    message = f"Places I want to see: {request['places']}{weather}"
    return Anthropic().messages.create(model="claude-sonnet-4-5", max_tokens=800,
                                       system=SYSTEM,
                                       messages=[{"role": "user", "content": message}])
