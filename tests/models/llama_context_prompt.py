from policy import POLICY

ANSWER_WITH = (
    "Passages retrieved for the question:\n{context_str}\n"
    "Answer from the passages when they hold the answer, cite them, and say so plainly when "
    "they do not; never guess a figure, a date or a name that the passages do not give."
)


def make_engine(index, memory):
    return index.as_chat_engine(chat_mode="condense_plus_context", memory=memory,
                                system_prompt=POLICY, context_prompt=ANSWER_WITH)
