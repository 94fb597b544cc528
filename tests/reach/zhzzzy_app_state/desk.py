from datetime import datetime

RULES = """You answer questions for the help desk of a bicycle shop. Use only the repair
policy: repairs are quoted before work starts, parts are ordered only after the customer
agrees, and a repair is kept for thirty days after the customer is told it is done. Never
promise a date for a part that is not in stock, and hand warranty claims to a human."""


class PromptBook:
    def __init__(self, shop: str):
        self.rules = f"The shop is {shop}.\n{RULES}"

    def system(self) -> str:
        return f"Current time: {datetime.now():%H:%M}\n\n{self.rules}"
