"""Texts of the letter writer, read by a loader elsewhere: the job and the resume come
before the shared layout, so the layout is computed again for every application."""
from .layout import LETTER_LAYOUT

cover_letter_template = """
Write a short cover letter for the job below, based on the resume that follows it. Keep it
under three paragraphs, in a warm but professional tone, and tailor every sentence to the
job; do not repeat the resume line by line and do not invent experience.

Job description:
{job_description}

Resume:
{resume}
""" + LETTER_LAYOUT
