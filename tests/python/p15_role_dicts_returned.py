from policy import POLICY


def build_messages(user, question):
    return [
        {"role": "system", "content": f"Reply in {user.locale}.\n{POLICY}"},
        {"role": "user", "content": question},
    ]
