from textwrap import dedent

from agno.agent import Agent
from agno.models.openai import OpenAIChat

LISTING_RULES = dedent("""\
    Describe the property in three short paragraphs: the home itself, the neighbourhood, and
    the practical details (price, fees, availability). Quote numbers exactly as given, never
    estimate a value that is missing, and flag anything that looks inconsistent.""")

writer = Agent(
    model=OpenAIChat(id="gpt-4o"),
    description="You write property listings for a letting agency.",
    instructions=["Write in plain British English.", LISTING_RULES],
    add_datetime_to_instructions=True,
    expected_output=dedent("""\
        ## Headline
        {one line that names the property type, the area and the price}

        ## Listing
        {the three paragraphs}

        ## To check
        {a bullet per inconsistency, or "Nothing to check"}"""),
    markdown=True,
)

checker = Agent(model=OpenAIChat(id="gpt-4o-mini"),
                description="You check listings against the agency's rules.")


def check(listing: str):
    return checker.run(f"Listing to check:\n{listing}\n\nRules:\n{LISTING_RULES}\n\n"
                       "Reply OK when the listing keeps every rule; otherwise name each rule "
                       "it breaks, quote the sentence that breaks it, and suggest a fix.")
