"""A module with no prompt in it: never parsed beyond a text scan."""


def add(a, b):
    return a + b


RATES = {"standard": 1.0, "premium": 1.5}
