"""A graph node that answers from retrieved excerpts: the excerpts close the system message,
and the turns kept from the conversation (a loop over the messages) follow it."""

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

TRAVEL_FRAME = """You answer questions about the company travel policy.

Use only the excerpts below. Quote the clause you rely on, give amounts with their currency,
and say which approval an expense needs: a manager for anything under five hundred euros,
the finance desk above that, and the travel office for any flight booked less than seven
days ahead. Never approve an expense yourself and never guess a limit the excerpts do not
state. When two excerpts disagree, prefer the one with the later effective date.

Excerpts:
{excerpts}"""


def build_travel_answerer(chat_model):
    def _travel_turns(messages):
        kept = []
        for turn in messages:
            if isinstance(turn, HumanMessage):
                kept.append(turn)
            elif isinstance(turn, AIMessage) and not turn.tool_calls:
                kept.append(turn)
        excerpts = "\n\n".join(hit["text"] for hit in messages[-1].content)
        return [SystemMessage(content=TRAVEL_FRAME.format(excerpts=excerpts))] + kept

    def travel_respond(state):
        return chat_model.invoke(_travel_turns(state["messages"]))

    return travel_respond
