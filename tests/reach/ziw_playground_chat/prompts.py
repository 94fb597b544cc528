"""A chat exported from the playground: each message's content is a list of text parts."""

OUTREACH = [
    {
        "role": "system",
        "content": [{
            "type": "text",
            "text": "You write short cold emails for a sales team. Address the reader as "
                    "{first name of the prospect} and mention {one product we sell} once; these "
                    "slots are yours to fill from the details below, never left in braces.",
        }],
    },
    {
        "role": "user",
        "content": [{
            "type": "text",
            "text": "Write for {company} to {prospect}.\nAbout them: {summary}\n\nRules: Keep "
                    "the email under one hundred and twenty words. Open with one specific "
                    "observation about the prospect's company, never a compliment. Name one "
                    "problem we solve and one result we got for a similar company. End with one "
                    "question the reader can answer in a line. Do not use exclamation marks, "
                    "emoji or the words synergy, leverage or game-changer. Sign with the "
                    "sender's first name only. Write the subject line in sentence case, at "
                    "most seven words.",
        }],
    },
]
