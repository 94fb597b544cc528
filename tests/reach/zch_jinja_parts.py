"""Jinja prompts composed from shared parts with `+`, named for the action they ask for; the
helper that renders and sends them reads them from a table elsewhere."""

RULES = """You are a player in a trading card tournament run as a simulation.
Each round every player draws two cards, may trade one card with another player, and then
plays one card face down. The highest card wins the round; ties are split."""

STANDING = """CURRENT STANDING:
- Round {{ round }} of {{ rounds }}. You are {{ player }}, holding {{ hand|join(", ") }}."""

TRADE = RULES + "\n\n" + STANDING + """

INSTRUCTIONS:
- Decide whether to offer a trade this round, and to whom.
- Offer a trade only when it improves your hand without revealing your strongest card.
- Never trade with the player who won the previous round unless you hold two high cards.
- Answer with JSON: {"trade": true or false, "with": "player name or empty", "give": "card"}
"""
