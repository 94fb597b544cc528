import os
import re
from datetime import datetime

from langchain_core.prompts import PromptTemplate


def read_prompt(prompt_name: str) -> str:
    with open(os.path.join(os.path.dirname(__file__), f"{prompt_name}.md")) as f:
        text = f.read()
    text = text.replace("{", "{{").replace("}", "}}")
    return re.sub(r"<<([^>>]+)>>", r"{\1}", text)


def apply_prompt(prompt_name: str, state: dict) -> list:
    system = PromptTemplate(template=read_prompt(prompt_name)).format(
        CURRENT_TIME=datetime.now().strftime("%a %b %d %Y %H:%M:%S"), **state)
    return [{"role": "system", "content": system}] + state["messages"]
