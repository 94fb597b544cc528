# A hook a base class not in view calls for the text of each step's first message.
class ReturnsDeskAgent:
    def step_prompt(self, question: str, order_found: bool) -> str:
        if order_found:
            return (
                f"Customer question: {question}\n\n"
                "RULES:\n"
                "- Look the order up with get_order before answering anything about it.\n"
                "- Offer a refund only for orders delivered less than thirty days ago.\n"
                "- Never promise a delivery date; quote the carrier's estimate instead.\n"
                "- When the parcel is marked lost, open a carrier claim with open_claim.\n"
                "- Answer in the customer's language, in at most four sentences."
            )
        else:
            return (
                f"Customer question: {question}\n\n"
                "RULES:\n"
                "- Ask for the order number before anything else."
            )
