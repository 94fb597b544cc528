from datetime import date


class Plugin:
    """A tool a plugin manager, not in view, hands to the model with every request."""

    def get_spec(self) -> list[dict]:
        raise NotImplementedError


class TidesPlugin(Plugin):
    def get_spec(self) -> list[dict]:
        station = {"type": "string", "description": "The tide station's code, e.g. BRST"}
        return [
            {
                "name": "get_tide_table",
                "description": "Get high and low tides for a station. "
                               f"Today is {date.today():%A, %B %d, %Y}.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "station": station,
                        "days": {"type": "integer", "description": "How many days, 1 to 7, "
                                 "counting today; use 1 for today and 2 for tomorrow too."},
                        "datum": {"type": "string", "enum": ["chart", "mean-sea-level"],
                                  "description": "The height reference of the tides."},
                    },
                    "required": ["station", "days"],
                },
            },
        ]


class MoonPlugin(Plugin):
    def get_spec(self) -> list[dict]:
        return [
            {
                "type": "function",
                "function": {
                    "name": "get_moon_phase",
                    "description": "Get the moon's phase and illumination for a date.",
                    "parameters": {"type": "object", "properties": {
                        "day": {"type": "string", "description": "An ISO date"}}},
                },
            },
        ]
