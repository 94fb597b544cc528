import litellm
from pydantic import BaseModel


class Prompt(BaseModel):
    """A prompt file, read again on every render while it is being edited."""

    file_path: str
    cached: str | None = None
    hot_reload: bool = True

    def render(self, **kwargs) -> str:
        if self.cached is None or self.hot_reload:
            with open(self.file_path, encoding="utf-8") as handle:
                self.cached = handle.read()
        return self.cached.format(**kwargs)


class Answerer:
    def __init__(self, prompt_file: str = "answerer"):
        self.sys_msg = Prompt(file_path=f"prompts/{prompt_file}.txt").render()

    def answer(self, question: str, excerpts: str) -> str:
        task = f"""Answer the question with the excerpts below. Quote the excerpt you rely on,
name its source, and say plainly when the excerpts do not answer it. Keep to what the excerpts
say: never add dates, figures or names they do not give, and never merge two excerpts into a
claim neither makes alone. When excerpts disagree, give both readings and their sources. Write
for a reader who has not seen the excerpts, in short paragraphs, and end with the one excerpt
a reader should open first.

{excerpts}

Question: {question}"""
        reply = litellm.completion(
            model="gpt-4o-mini", response_format=None,
            messages=[{"role": "system", "content": self.sys_msg},
                      {"role": "user", "content": task}])
        return reply.choices[0].message.content
