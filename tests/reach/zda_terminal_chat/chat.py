"""A terminal chat program: the system prompt is built once when it starts, and each run of
the program is one traveller's session, so the start time ends the cached prefix of every
session (a server built once at start-up would serve everyone the same prefix)."""

from openai import OpenAI

from zda_terminal_chat.persona import system_prompt

client = OpenAI()
SYSTEM = system_prompt()


def main() -> None:
    messages = [{"role": "system", "content": SYSTEM}]
    while True:
        line = input("you> ").strip()
        if line in ("", "quit"):
            break
        messages.append({"role": "user", "content": line})
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
        answer = reply.choices[0].message.content
        messages.append({"role": "assistant", "content": answer})
        print(answer)


if __name__ == "__main__":
    main()
