"""The review prompt's text, kept apart from the code that fills and sends it."""

REVIEW_USER_PROMPT = """# The pull request
{pr_summary}

# What to check
Read the diff against the team's rules: every public function keeps its signature unless the
description says why, database migrations are reversible, new endpoints check permissions,
errors are logged once with the request id, and no secret, token or card number reaches a log.
Report each problem with the file, the line, the rule it breaks and a one-line fix. Report
nothing else, and answer NO ISSUES when the diff breaks no rule."""
