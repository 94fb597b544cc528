"""A study coach whose prompt and chain are made at import and run by a function of the
same module: the exam of the user it is given is filled there, ahead of the coach's rules."""

from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI

COACH = ChatPromptTemplate.from_messages([
    ("system", """The learner is preparing for {exam}.
You are a study coach. Build a plan for the weeks the learner has left, one line per week,
each naming the topics to cover and one practice task. Put the topics the learner finds
hardest early, and leave the last week for full mock exams under timed conditions. Suggest
short daily sessions rather than long weekend ones. If the learner has fewer than two weeks,
say which topics to drop and why. Answer in plain text without tables or headings."""),
    ("human", "{weeks} weeks left; hardest topics: {topics}"),
])

coach = COACH | ChatOpenAI(model="gpt-4o-mini")


def plan(user, weeks: int, topics: str) -> str:
    return coach.invoke({"exam": user.exam, "weeks": weeks, "topics": topics}).content
