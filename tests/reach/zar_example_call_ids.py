"""Few-shot tool calls whose ids are made fresh for every request: the examples are constant,
but each call id is a new uuid, so the prefix ends at the first example's call."""
import json
import uuid

from openai import OpenAI

client = OpenAI()

SYSTEM = ("You turn a sentence about a shipment into a call of the record_shipment tool. "
          "Fill every field you can read from the sentence; leave the others out. Weights are "
          "in kilograms, dates in ISO 8601, and carriers by their short code (DHL, UPS, FDX).")

EXAMPLES = [
    ("Two pallets, 340 kg, leave Rotterdam with DHL on 3 March 2025.",
     {"carrier": "DHL", "weight_kg": 340, "origin": "Rotterdam", "date": "2025-03-03"}),
    ("UPS picks up a 12 kg parcel in Lyon tomorrow.",
     {"carrier": "UPS", "weight_kg": 12, "origin": "Lyon"}),
]

TOOLS = [{"type": "function", "function": {
    "name": "record_shipment", "description": "Record one shipment.",
    "parameters": {"type": "object", "properties": {
        "carrier": {"type": "string"}, "weight_kg": {"type": "number"},
        "origin": {"type": "string"}, "date": {"type": "string"}}}}}]


def extract(sentence: str):
    messages = [{"role": "system", "content": SYSTEM}]
    for text, fields in EXAMPLES:
        call_id = f"call_{uuid.uuid4().hex}"
        messages.append({"role": "user", "content": text})
        messages.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": call_id, "type": "function",
             "function": {"name": "record_shipment", "arguments": json.dumps(fields, sort_keys=True)}}]})
        messages.append({"role": "tool", "tool_call_id": call_id, "content": "Recorded."})
    messages.append({"role": "user", "content": sentence})
    return client.chat.completions.create(model="gpt-4.1", messages=messages, tools=TOOLS)
