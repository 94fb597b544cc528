from .prompts import TEMPLATES, PROMPTS


async def summarize(cluster, settings):
    """The model function comes from settings: its body is not in view."""
    complete = settings["model_func"]
    table = "\n".join(row.as_csv() for row in cluster.rows)
    system = PROMPTS["summarize_cluster"].format(cluster_table=table)
    return await complete(cluster.question, system_prompt=system)


async def classify(ticket, settings):
    complete = settings["model_func"]
    return await complete(TEMPLATES["classify"].format(ticket_text=ticket.body),
                          system_prompt=PROMPTS["fail_response"])
