import json
from openai import OpenAI

client = OpenAI()


def _payload(league: int, week: int, cards: list) -> dict:
    items = []
    for c in cards:
        items.append({"home": c["home"], "away": c["away"]})
    return {
        "league": league,
        "week": week,
        "items": items,
        "rules": [
            ("Return strict JSON: a list whose elements have the keys home_team, away_team, "
             "home_quote, away_quote and closer, in that order, one element per matchup given "
             "above."),
            ("Quotes are the text only: no quotation marks, no commas, no attribution, no "
             "names of real people or team owners, and nothing the coach would not say on "
             "television."),
            ("Make the home and away quotes clearly different in tone and wording, with a "
             "different metaphor each time: weather, chess, racing, building, boxing or "
             "cooking."),
            ("The closer is one short hype sentence; a pun is welcome, invented history is "
             "not. Keep every quote under twenty words and every closer under fifteen."),
        ],
    }


def quotes(league: int, week: int, cards: list) -> str:
    payload = _payload(league, week, cards)
    messages = [
        {"role": "system", "content": "You are the commissioner. Reply with JSON only."},
        {"role": "user", "content": json.dumps(payload, ensure_ascii=False)},
    ]
    resp = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
    return resp.choices[0].message.content
