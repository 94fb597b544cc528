"""A command-line tool: what `parse_args()` returns is fixed for the whole run, whatever a
value is called (`args.project_id`), so the system prompt it fills is shared by every
question the run asks (no finding)."""
import argparse

import anthropic


def main() -> None:
    parser = argparse.ArgumentParser(description="Ask questions about one project's tickets.")
    parser.add_argument("--project-id", required=True)
    parser.add_argument("--tone", default="neutral")
    args = parser.parse_args()
    client = anthropic.Anthropic()
    system = (f"You answer questions about the tickets of project {args.project_id} in a "
              f"{args.tone} tone. Name the ticket number behind every claim, quote error "
              "messages exactly, say so plainly when no ticket answers the question, never "
              "guess a fix that no ticket describes, and keep each answer under one hundred "
              "and fifty words unless the user asks for a list of every matching ticket.")
    while (question := input("question> ")):
        reply = client.messages.create(model="claude-sonnet-4-5", max_tokens=800, system=system,
                                       messages=[{"role": "user", "content": question}])
        print(reply.content[0].text)
