"""Grades every essay of a folder with the course's prompt."""
import asyncio
import pathlib

from grading.grader import EssayGrader

with open("./config/rubric.md", encoding="utf-8") as file:
    rubric = file.read()

with open("./config/grading_prompt.md", encoding="utf-8") as file:
    prompt = file.read()

grader = EssayGrader(prompt=prompt, rubric=rubric, word_limit=1500)


async def main(folder: str) -> None:
    for path in sorted(pathlib.Path(folder).glob("*.txt")):
        print(await grader.grade(path.read_text(encoding="utf-8")))


if __name__ == "__main__":
    asyncio.run(main("essays"))
