"""A Streamlit page that wraps the reader's seed notes in tags once, at its top level
(`seed = f"<seed>{seed}</seed>"`): the prompt holds that wrapping once, not once per level
of reading the name again."""

import streamlit as st
from openai import OpenAI

client = OpenAI()
RULES = ("You plan books. Give a title, then chapters with one-line summaries, and keep the "
         "plan under four hundred words.")

notes = st.text_area("Notes to build on")
upload = st.file_uploader("Or a text file")
seed = ""
if notes:
    seed += notes
if upload:
    seed += upload.read().decode("utf-8")
if seed != "":
    seed = f"Build the plan around the reader's own material: <seed>{seed}</seed>"

subject = st.text_input("Subject")
if st.button("Plan"):
    st.write(client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": RULES},
        {"role": "user", "content": f"Subject: {subject}\n{seed}"}]))
