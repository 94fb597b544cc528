"""Fills the review prompt for one pull request and hands it to a transport not in view."""

from datetime import datetime, timezone

from review_transport import post_review_request

from .review_prompts import REVIEW_USER_PROMPT


def review_pull_request(title: str):
    stamped = f"{title} (received {datetime.now(timezone.utc).isoformat()})"
    formatted_user_prompt = REVIEW_USER_PROMPT.format(pr_summary=stamped)
    return post_review_request(formatted_user_prompt)
