from policy import POLICY

PROMPTS: dict = {}

PROMPTS["summarize_cluster"] = """You summarize one cluster of a knowledge graph.

Entities and relations of the cluster:
{cluster_table}

""" + POLICY

PROMPTS["fail_response"] = "Sorry, I cannot answer that question."

TEMPLATES = {
    "classify": """Incoming ticket: {ticket_text}
Classify the ticket above into exactly one of the queues of the support desk: billing,
outage, account access, feature request or other. Tickets that mention an invoice, a refund
or a charge belong to billing; tickets about a service that is down or slow belong to outage;
password resets and locked accounts belong to account access. Answer with the queue name
only, in lower case, with no punctuation and no explanation.""",
}
