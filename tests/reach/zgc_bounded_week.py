from anthropic import Anthropic
from fastapi import FastAPI
from pydantic import BaseModel

app = FastAPI()
client = Anthropic()


class PlotRequest(BaseModel):
    crop: str
    week: int = 1


def season_week(week):
    return max(1, min(week, 52))


@app.post("/plan")
def plan(request: PlotRequest):
    # the week asked for, held within the year, opens the instructions
    text = f"""Week of the year: {season_week(request.week)}

Write a planting plan for the crop named at the end. Start with the bed preparation: how
deep to dig, what to add to the soil and how long to wait before sowing. Then give the
sowing depth, the spacing between plants and between rows, and whether to sow under cover
first. Then list the watering schedule for the first six weeks, the feeding schedule after
that, and the pests most likely this time of year, each with an organic remedy.

Crop: {request.crop}
"""
    return client.messages.create(model="claude-sonnet-4-5", max_tokens=900,
                                  messages=[{"role": "user", "content": text}])
