"""A command-line tour writer: `--city` takes free text with no default, typed anew for each
run, so it is that run's request; `--tone`, one of a few choices with a default, is a
setting that the same invocation repeats."""

import argparse

from openai import OpenAI

GUIDE = """Write a walking tour for a first-time visitor who has one afternoon.
Plan six stops that can be walked between in under fifteen minutes each, starting near the
main railway station. For each stop give its name, two sentences on why it matters, and what
to look at closely. Include one place to sit down for coffee and one free viewpoint. Avoid
museums that need more than an hour, and mention which stops close early on Sundays. End
with a route summary that lists the stops in order with the walking time between them."""


def main() -> None:
    parser = argparse.ArgumentParser(description="Write a walking tour.")
    parser.add_argument("--city", type=str, help="the city to tour (e.g. Porto, Ghent)")
    parser.add_argument("--tone", choices=["lively", "scholarly"], default="lively")
    args = parser.parse_args()
    client = OpenAI()
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": f"Tour of {args.city}, in a {args.tone} voice.\n{GUIDE}"},
        ],
    )
    print(reply.choices[0].message.content)


if __name__ == "__main__":
    main()
