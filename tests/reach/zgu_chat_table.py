# Chat templates of a tutoring page, filled and sent by another package (not in view).
TUTOR_CHATS = {
    "worked_example": {
        "title": "Worked example",
        "messages": [
            {
                "role": "system",
                "content": """You are a patient chemistry tutor for first-year students.

Passages from the course notes that may help:
{course_passages}""",
            },
            {
                "role": "user",
                "content": """Show me how to solve this exercise step by step.
Start by naming the quantities that are given and the one that is asked for, then write
the balanced equation, then convert every quantity to moles before using the ratio.
Round only the final answer, to three significant figures, and give its unit.
End with one sentence on the most common mistake in exercises of this kind.

Exercise: {exercise}""",
            },
        ],
    },
}

# A chat whose only value comes last: nothing to move.
QUIZ_CHAT = [
    {"role": "system", "content": "You write one multiple-choice question at a time for a chemistry quiz. "
                                  "Give four options, mark the correct one, and keep the stem under forty words."},
    {"role": "user", "content": "Topic: {topic}"},
]
