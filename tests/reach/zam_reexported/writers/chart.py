"""Writes chart code for a dataset, through whichever text generator it is handed."""

CHART_RULES = """You write plotting code. Use only the columns the summary names, label both
axes, add a legend when there is more than one series, and return one complete program in a
single fenced block with no explanation before or after it."""


class ChartWriter:
    def generate(self, summary, text_gen):
        messages = [
            {"role": "system", "content": CHART_RULES},
            {"role": "user", "content": f"Dataset summary: {summary}"}]
        return text_gen.generate(messages=messages)
