"""Prompt text assigned inside a method and handed to the project's own template class,
whose generator is not in view: each prompt is measured on its own where it is written."""
from .prompt import PromptTemplate


class SummaryPipeline:
    def __init__(self, generator):
        self.generator = generator
        self.load_prompts()

    def load_prompts(self):
        SUMMARY_INSTRUCT = (
            "Reference passages:\n{reference}\n"
            "You write one paragraph that supports the given answer to the question, using only "
            "the reference passages above. Quote numbers exactly as the passages give them, never "
            "add facts of your own, and write [DONE] when the paragraph is complete. Keep the "
            "paragraph under eighty words, name each passage you draw on by its number, and say "
            "plainly when the passages do not support the answer at all.\n"
            "Question: {question}\n"
            "Answer: {answer}\n"
        )
        CHECK_INSTRUCT = (
            "You check whether a paragraph supports an answer. Reply with one word, yes or no, "
            "and nothing else; a paragraph that only mentions the answer does not support it.\n"
            "Paragraph: {paragraph}\nAnswer: {answer}"
        )
        self.summary_prompt = PromptTemplate(SUMMARY_INSTRUCT)
        self.check_prompt = PromptTemplate(CHECK_INSTRUCT)
