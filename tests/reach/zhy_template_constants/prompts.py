"""The assistant's chat templates, built once at import."""
from langchain_core.prompts import ChatPromptTemplate

ROUTER = ChatPromptTemplate.from_messages([
    ("system", "You route requests for a warehouse assistant.\n"
               "Request: {request}\n"
               "Pick one route: stock_lookup, reorder, supplier_contact or smalltalk.\n"
               "stock_lookup answers how many units of an item are on hand or reserved.\n"
               "reorder drafts a purchase order for items below their reorder point.\n"
               "supplier_contact finds who supplies an item and how to reach them.\n"
               "smalltalk is anything else; never invent stock figures for it.\n"
               "Reply with JSON: {{\"route\": \"...\", \"item\": \"... or null\"}}"),
])

PLANNER = ChatPromptTemplate.from_messages([
    ("system", "Plan the steps to reach this goal: {goal}\n"
               "Use only the tools the warehouse assistant has: stock lookup, reorder drafts\n"
               "and supplier search. Number the steps, name the tool each step uses, and stop\n"
               "after at most five steps. Never place an order: drafts need a person's\n"
               "approval, so the last step of any reorder plan is asking for it."),
])


def router_prompt() -> ChatPromptTemplate:
    return ROUTER
