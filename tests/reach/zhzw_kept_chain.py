from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI

PLAN_EXAMPLES = """Example 1: "How many orders shipped in May?" becomes a plan that counts the
orders whose shipped_at falls in May, with no grouping and no ordering.
Example 2: "Top five customers by revenue" becomes a plan that joins customers to orders,
sums the order totals per customer, orders by that sum descending and keeps five rows.
Example 3: "Average basket per region" joins orders to stores, averages the totals by the
store's region, and orders the regions by name."""

PLAN_PROMPT = (
    "Question: {question}\n\n"
    "Turn the question into a query plan over the warehouse's tables.\n"
    "[EXAMPLES]\n{examples}\n"
)


class PlannerNode:
    def __init__(self):
        self.llm = ChatOpenAI(model="gpt-4o-mini")
        self.prompt = ChatPromptTemplate.from_template(PLAN_PROMPT)
        self.chain = self.prompt | self.llm

    def __call__(self, question: str):
        return self.chain.invoke({"question": question, "examples": PLAN_EXAMPLES})
