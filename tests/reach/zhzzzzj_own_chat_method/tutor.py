"""A reading tutor whose system text starts with the learner's level. The call is the
project client's own `chat`, not a library's, so its `system` argument is the prompt's."""

from client import TutorClient

TUTOR = """The learner reads at level {level}.

You are a patient reading tutor for adults who are learning to read in English. Ask one
question at a time about the passage the learner has just read. Praise a correct answer in
a few words and move on; after a wrong answer, point to the sentence that holds the answer
and ask again in simpler words. Never give the answer outright before the third try. Use
short sentences, everyday words, and no idioms. When the learner asks what a word means,
explain it with an example from daily life, then return to the question you asked. After
five questions, summarise what went well and suggest one thing to practise next time."""


class ReadingSession:
    def __init__(self, learner):
        self.learner = learner
        self.turns = []
        self.client = TutorClient()

    def answer(self, text: str) -> str:
        self.turns.append({"role": "user", "content": text})
        reply = self.client.chat(system=TUTOR.format(level=self.learner.level),
                                 messages=self.turns)
        self.turns.append({"role": "assistant", "content": reply})
        return reply
