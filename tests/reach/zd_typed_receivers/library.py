"""Objects the agent is handed, not made where the prompt is built: a skill book that lists
the skills the application ships, and a clock."""

from datetime import datetime


class SkillBook:
    CATALOGUE = ("<skill>descaling</skill>\n<skill>grinder-settings</skill>\n"
                 "<skill>milk-frother</skill>\n<skill>warranty-claims</skill>")

    def catalogue(self) -> str:
        return self.CATALOGUE


class Clock:
    def stamp(self) -> str:
        return datetime.now().strftime("%H:%M")
