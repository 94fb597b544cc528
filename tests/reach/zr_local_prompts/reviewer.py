"""An f-string prompt a node builds and hands to a helper whose model object comes from the
caller (`llm.invoke(prompt)` on an object not in view): measured on its own, where written."""


def ask_with_fallback(llm, prompt):
    try:
        return llm.invoke(prompt).content
    except ValueError:
        return ""


def make_reviewer(llm):
    def review(state):
        market = state["market_context"]
        prompt = f"""You review a trading plan before it is executed.

{market}

Rate the plan as approve, revise or reject. Approve only when the position size, the stop
and the exit are all stated; ask for a revision when one is missing; reject a plan that
risks more than two percent of the account on one trade. Give one sentence of reasons.

Plan: {state["plan"]}"""
        return ask_with_fallback(llm, prompt)

    return review
