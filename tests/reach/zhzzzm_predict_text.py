"""A story game's narrator: an older LangChain chat model asked with `apredict(text=...)`."""
from langchain.chat_models import ChatOpenAI

CONTINUE_STORY = """You narrate an interactive horror story, one scene at a time.

Story so far:
{history}

The player chose: {last_action}

Write the next scene in under 120 words, in the second person and the present tense. End with
exactly three actions the player can choose from, each under eight words, none of them safe.
Answer with a JSON object with the keys "text", "image" and "available_actions", where "image"
describes the scene for an illustrator in one sentence, in black and white, comic style."""


class Narrator:
    async def next_scene(self, history: str, last_action: str) -> str:
        llm = ChatOpenAI(model="gpt-4o", temperature=0.5)
        return await llm.apredict(
            text=CONTINUE_STORY.format(history=history, last_action=last_action),
        )
