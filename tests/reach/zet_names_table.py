"""A word list generator that names the learner's language by a table of names: the entry
the key picks is a value placed into the text (not the table's longest entry), so the
language before the instructions is the break."""
from openai import OpenAI

client = OpenAI()

LANGUAGES = {"en": "English", "es": "Spanish", "fr": "French", "de": "German"}

WORDS_PROMPT = """Please list common vocabulary words in [TARGET LANGUAGE] for a learner,
organized by CEFR level: A1, A2 and B1, exactly fifty words for each level. Mix everyday
nouns, common verbs, frequent adjectives and adverbs, and a few fixed expressions used in
daily conversation. Reply with a JSON object whose keys are the levels and whose values are
lists of words, and nothing else."""


def starter_words(language: str) -> str:
    prompt = WORDS_PROMPT.replace("[TARGET LANGUAGE]", LANGUAGES[language])
    reply = client.responses.create(model="gpt-4o-mini", input=prompt)
    return reply.output_text
