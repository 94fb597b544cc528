"""One desk that holds both writers; a story for the signed-in reader."""

from writers import ChartWriter, StoryWriter


class Desk:
    def __init__(self, text_gen):
        self.text_gen = text_gen
        self.charts = ChartWriter()
        self.stories = StoryWriter()

    def story(self, user, summary):
        return self.stories.generate(user.display_name, summary, self.text_gen)
