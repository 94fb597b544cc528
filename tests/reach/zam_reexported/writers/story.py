"""Writes a short data story, the reader's name first, through a text generator."""

STORY_RULES = """Tell the story of the dataset in three short paragraphs: what it holds, the
strongest pattern in it, and one question it leaves open. Use plain words, no jargon, no
tables, and never invent a number that the summary does not give."""


class StoryWriter:
    def generate(self, reader, summary, text_gen):
        messages = [
            {"role": "system", "content": f"Written for {reader}.\n{STORY_RULES}"},
            {"role": "user", "content": f"Dataset summary: {summary}"}]
        return text_gen.generate(messages=messages)
