from llm.transport import post_chat


def ask(message, system="Answer briefly and precisely."):
    """The project's client: the transport two modules away posts what it is given."""
    return post_chat(system=system, user=message)
