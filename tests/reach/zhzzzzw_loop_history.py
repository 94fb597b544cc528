"""A console study helper: each turn it looks up the course notes for the question and puts
them in the system message, before the turns its loop has kept so far."""

from openai import OpenAI

from notes_index import search_notes

client = OpenAI()

RULES = """You help first-year students revise for their chemistry exam. Answer from the
course notes given below, cite the lecture number of every fact you use, and say plainly
when the notes do not cover a question instead of answering from memory."""


def main() -> None:
    history = []
    while True:
        question = input("> ")
        notes = search_notes(question)
        messages = [{"role": "system", "content": f"{RULES}\n\nNotes:\n{notes}"},
                    *history,
                    {"role": "user", "content": question}]
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
        answer = reply.choices[0].message.content
        history.append({"role": "user", "content": question})
        history.append({"role": "assistant", "content": answer})
        print(answer)


if __name__ == "__main__":
    main()
