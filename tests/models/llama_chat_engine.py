from policy import POLICY


def make_engine(index):
    return index.as_chat_engine(chat_mode="condense_plus_context", system_prompt=POLICY)
