"""The insight writer's prompt: the facts block comes first, the writing rules after it, so
the rules are prefilled again for every table; the block is placed here, where the fix is
made, though the first number in it is written by the facts helper."""
from .facts import facts_text


def insight_prompt(summary: dict) -> str:
    return f"""You write insights about a table a user uploaded.

FACTS:
{facts_text(summary)}

Using only the facts above, write five insights. Each insight names a column and a number
from the facts, says why it matters for someone deciding whether the table is fit for
analysis, and suggests one check to run next. Do not invent statistics, do not repeat a
fact without interpreting it, and keep each insight under forty words. Finish with one
sentence on the table's overall quality, and return the insights as a numbered list with
no heading and no closing remarks."""
