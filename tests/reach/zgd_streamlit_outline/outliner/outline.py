from outliner.settings import Settings


class Outline:
    """A talk outline, drafted by whatever model client it is given."""

    def __init__(self, topic, llm):
        self.topic = topic
        self.llm = llm

    def draft(self):
        with open(Settings.OUTLINE_TEMPLATE, encoding="utf-8") as handle:
            template = handle.read()
        return self.llm.stream(template.format(topic=self.topic))
