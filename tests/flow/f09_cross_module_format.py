from datetime import datetime, timezone

from prompts.graph_prompts import SYSTEM_PROMPT


async def call_model(state, model):
    system_message = SYSTEM_PROMPT.format(system_time=datetime.now(tz=timezone.utc).isoformat())
    return await model.ainvoke([{"role": "system", "content": system_message},
                                *state["messages"]])
