"""Small side thoughts with prompts of their own, sent straight to the API."""
import openai


class AddEmoji:
    def __init__(self, probability: float = 0.4):
        self.probability = probability

    def think(self, text: str) -> str:
        reply = openai.chat.completions.create(model="gpt-4o-mini", messages=[
            {"role": "system", "content": "Answer with one emoji that fits the sentence."},
            {"role": "user", "content": text}])
        return reply.choices[0].message.content
