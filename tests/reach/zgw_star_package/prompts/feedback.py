REPLY_REVIEW = """Here is the user's draft reply to a colleague: {draft}

Review the draft for tone. Say in one sentence how the colleague is likely to read it, then
list at most three phrases that sound curt or passive-aggressive, each with a warmer wording.
Keep every suggestion as short as the phrase it replaces, never change the facts of the reply,
and end with the whole reply rewritten in the user's own voice."""
