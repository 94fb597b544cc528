from google import genai

client = genai.Client()

PAINT_TEMPLATE = """The frame above shows a painted body panel on the assembly line.
Gloss meter: {gloss}

Judge the finish against the plant's paint standard. A panel passes when its colour matches
the reference swatch, there are no runs, sags, orange peel, dust nibs or bare spots, the edges
are fully covered, and the gloss reading is inside the band printed on the work order.
Answer with PASS or FAIL on the first line, then one line per defect you see, naming the
defect, its position on the panel as a grid cell from A1 to F6, and how sure you are.
"""


def inspect_paint(station):
    prompt = PAINT_TEMPLATE.format(gloss=station.gauge())
    return client.models.generate_content(model="gemini-2.5-flash",
                                          contents=[station.frame(), prompt])
