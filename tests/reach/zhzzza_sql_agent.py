"""A reporting assistant: LangChain's SQL agent, its prefix opening with the analyst's team."""
from langchain_community.agent_toolkits import SQLDatabaseToolkit, create_sql_agent
from langchain_community.utilities import SQLDatabase
from langchain_openai import ChatOpenAI


def reporting_agent(team_name):
    db = SQLDatabase.from_uri("sqlite:///warehouse.db")
    llm = ChatOpenAI(model="gpt-4o", temperature=0)
    prefix = f"""You answer questions for the {team_name} team from the sales warehouse.
Rules:
1. Only ever run SELECT statements; never INSERT, UPDATE, DELETE, DROP or ALTER anything.
2. Always look at the schema of a table before you query it, and never guess column names.
3. Limit every query to 50 rows unless the question asks for a total or an average.
4. Dates are stored as ISO strings in UTC; convert them to the user's week when you group.
5. When a question is ambiguous, say which reading you chose before you give the answer.
6. Give amounts in euros with two decimals, and name the tables you used at the end."""
    return create_sql_agent(llm=llm, toolkit=SQLDatabaseToolkit(db=db, llm=llm),
                            agent_type="openai-tools", prefix=prefix)
