"""A Streamlit app: the script runs again on every message, so what is typed is that run's."""

import streamlit as st

from outliner.outline import Outline
from outliner.models import chat_model

st.title("Talk outliner")
topic = st.text_area("What is the talk about?")
if topic:
    st.write_stream(Outline(topic=topic, llm=chat_model()).draft())
