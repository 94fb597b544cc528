"""A library function applied only to constants (`format_as_xml(EXAMPLES)`) gives the same
text on every request: it is measured as that constant text, so today's date before it ends
a prefix that the examples would extend."""
from datetime import date

from pydantic_ai import Agent, format_as_xml

EXAMPLES = [
    {"request": "show me error logs from yesterday",
     "response": "SELECT * FROM records WHERE level = 'error' AND start_timestamp::date > "
                 "CURRENT_TIMESTAMP - INTERVAL '1 day'"},
    {"request": "show me logs with a duration over one second, newest first",
     "response": "SELECT * FROM records WHERE duration > 1.0 ORDER BY start_timestamp DESC"},
    {"request": "count the warnings of each service this week",
     "response": "SELECT service, count(*) FROM records WHERE level = 'warning' AND "
                 "start_timestamp > now() - INTERVAL '7 days' GROUP BY service"},
]

agent = Agent("openai:gpt-4o")


@agent.system_prompt
def system_prompt() -> str:
    return f"""Write one PostgreSQL query over the records table that answers the request.
Today's date is {date.today()}.

{format_as_xml(EXAMPLES)}"""
