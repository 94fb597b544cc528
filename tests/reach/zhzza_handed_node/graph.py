"""The graph: the node is handed to LangGraph, which calls it with each request's state."""
from langgraph.graph import END, StateGraph

from . import nodes

workflow = StateGraph(dict)
workflow.add_node("plan", nodes.plan_lesson)
workflow.set_entry_point("plan")
workflow.add_edge("plan", END)
app = workflow.compile()
