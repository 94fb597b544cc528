"""Tools a greenhouse agent can call, kept in a registry under their own names."""


class Tool:
    name = "tool"
    description = ""

    def schema(self) -> dict:
        return {"type": "function",
                "function": {"name": self.name, "description": self.description,
                             "parameters": {"type": "object", "properties": {}}}}


class ReadHumidity(Tool):
    name = "read_humidity"
    description = "Read the relative humidity of one greenhouse bay, in percent, from its sensor."


class OpenVents(Tool):
    name = "open_vents"
    description = "Open the roof vents of one bay by a given percentage, between 0 and 100."


class WaterBay(Tool):
    name = "water_bay"
    description = "Run the drip irrigation of one bay for a number of minutes, at most 30."


class ToolRegistry:
    def __init__(self):
        self._tools: dict[str, Tool] = {}

    def register(self, tool: Tool) -> None:
        self._tools[tool.name] = tool

    def schemas(self) -> list[dict]:
        return [tool.schema() for tool in self._tools.values()]
