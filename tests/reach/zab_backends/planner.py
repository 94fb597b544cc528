"""A research planner: the question, then examples and the format, sent through whichever
backend the planner was given (a hosted API or a local server, both OpenAI clients)."""

SPLIT_PROMPT = """Break the question below into at most four sub-questions a search can answer.
Question: {question}

<EXAMPLE>
Question: "How did the 2008 crisis change bank regulation in Europe?"
Sub-questions: ["What caused the 2008 crisis?", "Which rules did the EU adopt after 2008?",
"How did Basel III change capital requirements?", "How do European banks report risk now?"]
</EXAMPLE>

Answer with a JSON list of strings and nothing else."""


class Planner:
    def __init__(self, llm):
        self.llm = llm

    def _split(self, question):
        return self.llm.complete_text(SPLIT_PROMPT.format(question=question))

    def run(self, question):
        return [part for part in self._split(question)]
