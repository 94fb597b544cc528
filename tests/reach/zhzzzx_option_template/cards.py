import argparse

from openai import OpenAI

client = OpenAI()
SYSTEM = "You are a careful language tutor."


def load(filename: str) -> str:
    with open(filename, encoding="utf-8") as handle:
        return handle.read()


def make_card(word: str, template: str) -> str:
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": template.format(word)}])
    return reply.choices[0].message.content


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("words", help="a file with one word per line")
    parser.add_argument("--card-template", default="prompts/card.txt")
    args = parser.parse_args()
    template = load(args.card_template)
    for word in load(args.words).splitlines():
        print(make_card(word, template))


if __name__ == "__main__":
    main()
