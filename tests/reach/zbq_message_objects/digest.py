"""Message objects of the project's own class, written out as dicts by the model's client
one by one: the conversation sits in the system message, before the output rules."""
from zbq_message_objects.model import ChatModel, Note


class Digest:
    def __init__(self):
        self.model = ChatModel()

    def system_note(self, turns) -> Note:
        text = "Summarize the conversation below for the next agent.\n\nConversation:\n"
        text += "\n".join(f"{t['speaker']}: {t['text']}" for t in turns)
        text += ("\n\nReply with JSON holding the fields summary (two sentences at most), "
                 "topics (a list of short noun phrases), open_questions (what the user still "
                 "waits for) and follow_up (true when an agent must write back). Start your "
                 "reply with { and end it with }, with nothing before or after it.")
        return Note(role="system", content=text)

    def run(self, conversation_turns):
        return self.model.respond([self.system_note(conversation_turns)])
