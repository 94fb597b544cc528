"""Plans a furniture assembly from a customer's description, for the store this deployment
serves."""
from openai import OpenAI

import config

client = OpenAI()

RULES = """Write numbered steps, one action each, and name every part by its catalogue number.
Say which tool each step needs: a screwdriver, the hex key in the box, or a mallet.
Group the steps into stages: frame, panels, drawers and doors, then the final checks.
Warn before any step that needs two people, and before any step that cannot be undone.
End with a list of the parts left over, which should be none, and what to do if not."""


def plan_assembly(description: str) -> str:
    system = f"You plan flat-pack assembly for the customers of store {config.STORE_ID}.\n{RULES}"
    response = client.chat.completions.create(
        model=config.BUILD_MODEL,
        messages=[
            {"role": "system", "content": system},
            {"role": "user", "content": f"Plan the assembly of: {description}"},
        ],
    )
    return response.choices[0].message.content
