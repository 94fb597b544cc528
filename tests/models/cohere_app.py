import cohere

from policy import POLICY

co = cohere.ClientV2()
v1_style = cohere.Client()


def answer(session_id, question):
    return v1_style.v2.chat(model="command-a", messages=[
        {"role": "system", "content": f"Session {session_id}.\n" + POLICY},
        {"role": "user", "content": question}])


def answer_v1(question, documents):
    legacy = cohere.Client()
    return legacy.chat(preamble=POLICY, documents=documents, message=question)


def answer_client_v2(question):
    return co.chat(model="command-a", messages=[{"role": "system", "content": POLICY},
                                                 {"role": "user", "content": question}])
