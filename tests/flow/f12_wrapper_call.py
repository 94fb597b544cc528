from datetime import datetime

from f12_llm import ask
from policy import POLICY


def answer(question, history):
    system = f"Now: {datetime.now().isoformat()}\n{POLICY}"
    return ask([{"role": "system", "content": system}, *history,
                {"role": "user", "content": question}])
