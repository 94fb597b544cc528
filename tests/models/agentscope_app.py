from agentscope.agent import ReActAgent
from agentscope.memory import InMemoryMemory

from policy import POLICY


def make_worker(model, formatter, toolkit, subtask):
    return ReActAgent(name="worker", sys_prompt=f"Your subtask: {subtask.brief}\n" + POLICY,
                      model=model, formatter=formatter, toolkit=toolkit,
                      memory=InMemoryMemory())
