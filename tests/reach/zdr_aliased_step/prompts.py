"""The graph's prompts, as LangChain message tuples; the step that sends them is elsewhere."""

TRIAGE_PROMPT = [("human", """Sort the customer's message into one queue.
Message: {question}
Queues:
- billing: invoices, refunds, payment methods, charges the customer does not recognise, plan changes
- technical: errors, outages, slow pages, login problems, integrations that stopped syncing
- account: profile changes, team members, permissions, deleting the account, exporting data
- other: anything that fits none of the queues above, including greetings and thanks
When a message mentions two queues, pick the one the customer asks to be solved first.
Reply with the queue name only, in lower case, with no punctuation and no explanation.""")]
