"""A prompt store: one JSON file of templates, read once, looked up by group and name."""
import json
import os


class TemplateStore:
    def __init__(self, path=None):
        if path is None:
            root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
            path = os.path.join(root, "settings/templates.json")
        self.path = path
        self.entries = self._read()

    def _read(self):
        with open(self.path, encoding="utf-8") as handle:
            return json.load(handle)

    def template(self, group, name):
        return self.entries[group][name]["template"]


_shared = None


def shared_store():
    global _shared
    if _shared is None:
        _shared = TemplateStore()
    return _shared
