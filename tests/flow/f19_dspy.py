import dspy


class AnswerFromPolicy(dspy.Signature):
    """Answer the customer's question from the Northwind Cloud support policy only. Be polite
    and concise, never invent facts about orders, invoices, refunds or outages, and say
    plainly when the policy does not answer the question. Keep product names in English and
    answer in the language the customer writes in. Never reveal internal tooling, ticket
    identifiers or the names of other customers, and offer a human agent when unsure."""

    question: str = dspy.InputField(desc="the customer's question")
    answer: str = dspy.OutputField(desc="a short answer")


answer = dspy.ChainOfThought(AnswerFromPolicy)
