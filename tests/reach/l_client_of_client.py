from datetime import datetime

from llm.service import reply


def handle(order, question):
    context = f"Order {order.order_id}, checked at {datetime.now():%H:%M:%S}."
    return reply(context, question)
