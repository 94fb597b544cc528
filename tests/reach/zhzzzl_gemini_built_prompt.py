"""An interview analyst: a method writes the prompt a statement at a time, Gemini is sent it."""
import google.generativeai as genai

RULES = """Answer in three sections. 1. Summary: who the respondent is and which services they use,
in three to five sentences. 2. Insights: the ten most useful findings, each backed by a quote
with its timecode. 3. Problems: each pain point, how often it came up and how severe it is, from
one to five. Quote the respondent word for word and never invent a quote or a timecode."""


class InterviewAnalyst:
    def __init__(self):
        self.model = genai.GenerativeModel("gemini-1.5-flash")

    def build_prompt(self, transcript: str, respondent: str) -> str:
        prompt = f"Analyse the interview with {respondent} for the bank's UX research.\n\n"
        prompt += f"Transcript:\n{transcript}\n\n"
        prompt += RULES
        return prompt

    def analyse(self, transcript: str, respondent: str) -> str:
        prompt = self.build_prompt(
            transcript,
            respondent,
        )
        response = self.model.generate_content(prompt)
        return response.text
