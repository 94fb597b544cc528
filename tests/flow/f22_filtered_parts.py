"""A list of prompt lines, extended and then filtered under a test of the caller's options:
the filter keeps the items in order, so the date on the first line is still what breaks."""
from datetime import date

from policy import POLICY


def analyst_prompt(options):
    lines = [
        f"You are the data desk's analyst. Today is {date.today().isoformat()}.",
        "",
        POLICY,
    ]
    if options.allow_charts:
        lines.append("You may propose one chart when a trend is easier to see than to read.")
    if "compact" in options.flags:
        lines = [line for line in lines if line]
    return "\n".join(lines)
