"""Prompts of a form-filling agent, written with printf-style fields: the page comes first
in the step prompt, before the action reference; the summary prompt keeps its fields last.
The report prompt has no field at all: its percent signs are SQLite's date formats."""

STEP_PROMPT = """Page:
%s

You operate a web browser for a user. Read the page above and choose the next action that
moves the task forward. Element ids are the numbers in square brackets.

Actions:
- click(id): click the element with that id.
- type(id, text): type the text into the input with that id, replacing what it holds.
- select(id, option): choose the option of the drop-down with that id.
- scroll(direction): scroll the page up or down by one screen.
- done(answer): finish, with the answer the task asks for.

Reply with one action on a single line and nothing else.

Task: %s
"""

SUMMARY_PROMPT = """You write a short report of what a browsing session achieved for the user.
Say in two or three sentences which pages were visited, what was filled in or chosen, and
whether the task was completed. Do not list every click. Write in plain English.

Task: %(task)s
Actions taken: %(actions)s
"""

REPORT_PROMPT = """You write SQLite queries over the agent's log of browsing sessions. Dates are
stored as text: group by month with strftime('%m', started_at) and by day with
strftime('%d', started_at), and print dates as %Y-%m-%d. Count only finished sessions, order
the rows by date, and reply with the query alone in one fenced block."""
