"""A Streamlit app keeps one assistant for the process (`st.cache_resource`): the time its
constructor writes into the system text is read once, stale but not breaking."""

from datetime import datetime

import streamlit as st
from openai import OpenAI

RULES = """You are the study planner of a secondary school. Turn the homework and tests the
student lists into a plan for the week, one block per evening, never more than two hours a
day, and put the hardest subject first on the days without sport practice."""


class Planner:
    def __init__(self):
        self.client = OpenAI()
        self.system = f"Planner started {datetime.now():%Y-%m-%d %H:%M}.\n{RULES}"

    def plan(self, request):
        return self.client.chat.completions.create(model="gpt-4o-mini", messages=[
            {"role": "system", "content": self.system},
            {"role": "user", "content": request}])


@st.cache_resource
def get_planner():
    return Planner()


request = st.text_area("What is due this week?")
if request:
    st.write(get_planner().plan(request))
