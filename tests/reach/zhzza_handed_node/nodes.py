"""A graph node that writes a lesson plan from the state the graph gives it."""
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI

llm = ChatOpenAI(model="gpt-4o-mini")


def plan_lesson(state):
    prompt = ChatPromptTemplate.from_messages([
        ("system", """You plan lessons for {subject} teachers at a secondary school.

Write a plan for one fifty-minute lesson: a five-minute opener that connects to what the
class already knows, a twenty-minute explanation with one worked example, a fifteen-minute
activity in pairs, and a ten-minute check for understanding with three short questions.
Name the materials the teacher needs, keep every step concrete, and avoid anything that
needs equipment beyond a projector and a whiteboard. Return the plan as plain text with a
heading per part and the minutes in brackets after each heading."""),
        ("user", "Topic: {topic}"),
    ])
    chain = prompt | llm
    reply = chain.invoke({"subject": state["subject"], "topic": state["topic"]})
    return {"plan": reply.content}
