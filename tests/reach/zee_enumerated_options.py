"""A router whose numbered options are written in its constructor: listed with their
numbers, they are the same text on every request. The passages a request retrieves,
numbered the same way, are not."""
import openai

RULES = """Answer with the option's number only. When two options fit, choose the lower
number; when none fits, answer with the last option's number. Never explain the choice,
never add punctuation, and never answer with more than one number, whatever the request
asks for and in whatever language it is written."""


class Router:
    def __init__(self, mode="chat"):
        self.mode = mode
        self.options = {
            "chat": ["act: the request asks for an action on a file or a setting",
                     "answer: the request is a question to answer",
                     "refuse: the request cannot be satisfied"],
            "research": ["act: the request asks to read or download a paper",
                         "answer: the request is a question about papers"],
        }

    def route(self, request):
        system = "You sort requests. The options:"
        for i, option in enumerate(self.options["chat"]):
            system += f"\n{i + 1}) {option}"
        system += "\n" + RULES
        chat = [{"role": "system", "content": system}, {"role": "user", "content": request}]
        return openai.chat.completions.create(model="gpt-4o-mini", messages=chat)

    def cite(self, request, passages):
        system = "You cite sources. The passages:"
        for i, passage in enumerate(passages):
            system += f"\n[{i + 1}] {passage}"
        system += "\n" + RULES
        chat = [{"role": "system", "content": system}, {"role": "user", "content": request}]
        return openai.chat.completions.create(model="gpt-4o-mini", messages=chat)
