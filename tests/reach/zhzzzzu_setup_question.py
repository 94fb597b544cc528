"""A riddle game on the terminal: it asks for a theme once, then loops over the turns,
sending the rules, the theme, the conversation so far and the newest guess."""

from openai import OpenAI

client = OpenAI()

RULES = """You are the keeper of a riddle tower. Ask one riddle at a time, wait for the
player's guess, and say only "right" or "not yet" followed by one short hint when the guess
is wrong. After three wrong guesses reveal the answer and move to the next riddle. Keep a
running score and announce it after every riddle. Never ask a riddle twice in one game, never
use riddles about violence, and keep every message under forty words."""


def main() -> None:
    theme = input("Choose a theme (castle, forest or sea): ")
    history = []
    while True:
        guess = input("> ")
        if guess == "quit":
            break
        messages = [{"role": "system", "content": f"{RULES}\n\nEvery riddle is about the {theme}."},
                    *history, {"role": "user", "content": guess}]
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=messages)
        text = reply.choices[0].message.content
        history += [{"role": "user", "content": guess}, {"role": "assistant", "content": text}]
        print(text)


if __name__ == "__main__":
    main()
