"""A greenhouse agent: a fixed system prompt and the registered tools, then each alert."""
from ollama import Client

from .tools import OpenVents, ReadHumidity, ToolRegistry, WaterBay

SYSTEM = ("You look after a greenhouse of tomatoes and peppers. When an alert comes in, read "
          "the sensors you need, act with the fewest tool calls that fix the problem, and "
          "say in one sentence what you did and why. Never water a bay whose humidity is "
          "above 85 percent, and never open the vents while it rains.")


class GreenhouseAgent:
    def __init__(self, host: str):
        self.client = Client(host=host)
        self.tools = ToolRegistry()
        for tool in (ReadHumidity(), OpenVents(), WaterBay()):
            self.tools.register(tool)

    def on_alert(self, alert: str):
        messages = [{"role": "system", "content": SYSTEM},
                    {"role": "user", "content": alert}]
        return self.client.chat(model="qwen2.5:7b", messages=messages,
                                tools=self.tools.schemas())
