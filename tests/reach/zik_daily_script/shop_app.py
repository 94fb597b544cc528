"""A shop assistant app: the agent is made once a session, at the top level, with the tool
the session keeps; the question comes later. Making the agent is not a request: its tool
and system prompt are the same for every question."""
import streamlit as st
from haystack.components.agents import Agent
from haystack.components.generators.chat import OpenAIChatGenerator
from haystack.dataclasses import ChatMessage

if "agent" not in st.session_state:
    st.session_state.agent = Agent(
        chat_generator=OpenAIChatGenerator(model="gpt-4o-mini"),
        tools=[st.session_state.catalogue_tool],
        system_prompt="""You help customers of a hardware shop find the right product.
Ask one short question when the request is vague, use the catalogue tool to check stock
and prices before you recommend anything, and never recommend more than three products.
Mention the aisle number when the catalogue gives one, and say plainly when an item is
out of stock instead of offering a substitute the customer did not ask for.""")

if question := st.chat_input("What are you looking for?"):
    st.session_state.agent.run(messages=[ChatMessage.from_user(question)])
