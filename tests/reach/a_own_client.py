from llm.gateway import complete
from policy import POLICY


def answer(ticket):
    return complete(system=f"Ticket {ticket.ticket_id} opened at {ticket.created_at}.\n" + POLICY,
                    message=ticket.body)


def answer_fixed(ticket):
    return complete(system=POLICY, message=f"Ticket {ticket.ticket_id}: {ticket.body}")
