from google.adk.agents import LlmAgent, SequentialAgent

# The first agent's answer is kept in the session state as `draft`; the editor's instruction
# reads it with ADK's spaced double braces, and the shop's name from app-wide state.
writer = LlmAgent(
    name="writer",
    model="gemini-2.5-flash",
    instruction="Write a first draft of a product description for the item the user names.",
    output_key="draft",
)

editor = LlmAgent(
    name="editor",
    model="gemini-2.5-flash",
    instruction="""You edit product copy for {app:shop_name}.
The draft to edit: {{ draft }}
Addressed to the reader as {user:display_name}.

Tighten every sentence, remove claims the draft cannot support, keep the measurements and
materials exactly as written, and return the edited description followed by a list of the
changes you made. Never add prices, discounts or delivery promises, never change the
product's name, and keep the whole description under one hundred and fifty words.""",
)

pipeline = SequentialAgent(name="copy", sub_agents=[writer, editor])
