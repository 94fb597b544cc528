"""A command-line writer: the options are the run's settings (the house prompt, the language),
but the topic the user gives for this run is what the run is asked: last in the outline's
prompt, it opens the issue's system text."""
import argparse

from openai import OpenAI

client = OpenAI(base_url="http://llm.internal:8000/v1", api_key="unused")

STYLE = """Write a newsletter issue for a local library. Open with one short paragraph that
says why the subject matters to readers of all ages, then suggest three books and one event,
each with a sentence on why it fits. Keep a warm, plain tone, avoid superlatives, never
invent titles, authors or dates, and end with the opening hours and a one-line invitation."""


def main() -> None:
    parser = argparse.ArgumentParser(description="Draft a newsletter issue.")
    parser.add_argument("--topic", required=True)
    parser.add_argument("--language", default="English")
    parser.add_argument("--house-prompt", default="You write for the Riverside Library.")
    args = parser.parse_args()
    outline = client.chat.completions.create(model="newsletter-writer", messages=[
        {"role": "system", "content": f"{args.house_prompt} Write in {args.language}.\n{STYLE}"},
        {"role": "user", "content": f"Outline an issue about: {args.topic}"}])
    issue = client.chat.completions.create(model="newsletter-writer", messages=[
        {"role": "system", "content": f"This issue is about: {args.topic}\n{STYLE}"},
        {"role": "user", "content": outline.choices[0].message.content}])
    print(issue.choices[0].message.content)

if __name__ == "__main__":
    main()
