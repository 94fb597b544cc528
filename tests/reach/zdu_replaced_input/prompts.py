EXERCISE_PROMPT = """You write fill-in-the-blank exercises for a language course at level [LEVEL].
Write one sentence with a single blank ( ___ ) where the target word belongs, then a one-line
instruction, then four answer choices labelled a to d. Exactly one choice must be correct; the
others must be real words of the same part of speech that a learner could confuse with it.
Keep the sentence under fifteen words and use only vocabulary a learner at this level knows.
Reply with a JSON object with the keys "sentence", "instruction", "choices" and "answer".
Use these words: [WORDS]"""
