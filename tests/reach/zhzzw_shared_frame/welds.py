from google import genai

client = genai.Client()

WELD_TEMPLATE = """The frame above shows a weld seam on the assembly line.
Probe reading: {reading}

Judge the seam against the plant's weld standard. A seam passes when it is continuous, its
bead width stays within two millimetres of nominal, there is no visible porosity, undercut or
spatter on the flange, and the probe reading is inside the band printed on the work order.
Answer with PASS or FAIL on the first line, then one line per defect you see, naming the
defect, its position along the seam in centimetres from the left edge, and how sure you are.
"""


def inspect_weld(station):
    prompt = WELD_TEMPLATE.format(reading=station.gauge())
    return client.models.generate_content(model="gemini-2.5-flash",
                                          contents=[station.frame(), prompt])
