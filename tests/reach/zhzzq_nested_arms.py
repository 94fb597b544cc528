from openai import OpenAI

client = OpenAI()
BASE = "You help people repair things at home. Give practical steps, one at a time, and warn about electricity and gas."
NEW = "\n\nThis is a new problem: give one complete, detailed solution and ask whether it solved the problem."


def waiting(attempt, limit):
    return f"\n\nThe last solution did not work (attempt {attempt}/{limit}). Give a different approach and end by asking whether it worked."


def give_up(limit):
    return f"\n\nThe user tried {limit} times without success. Thank them and suggest a qualified professional."


class RepairHelper:
    def __init__(self):
        self.state = "new"
        self.attempt = 0
        self.limit = 3

    def instructions_for(self, context=None):
        prompt = BASE
        if context:
            prompt += f"\n\nManual excerpts:\n{context}\n"
        if self.state == "new":
            prompt += NEW
        elif self.state == "waiting":
            if self.attempt < self.limit:
                prompt += waiting(self.attempt, self.limit)
            else:
                prompt += give_up(self.limit)
        return prompt

    def reply_to(self, question, context):
        return client.chat.completions.create(model="m", messages=[
            {"role": "system", "content": self.instructions_for(context)}, {"role": "user", "content": question}])
