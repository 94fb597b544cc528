"""A desktop agent's instructions: the keyboard shortcuts of the machine it runs on are
filled in near the top, the user's goal at the end. The module fills the constant itself;
the call that sends it is not in view."""

import platform

DESKTOP_AGENT_PROMPT = """You operate a desktop computer for the user, one action at a time.

To open an application, press {launcher_keys}, type its name and press enter. To focus the
address bar of a browser, press {address_keys}. Answer with a JSON list of actions, each with
a short thought and one operation: press, write or click. Click only on elements you can see
in the latest screenshot, never guess coordinates, and never type a password the user did not
give you. When the goal is reached, answer with a single done action.

The user's goal: {goal}"""


def desktop_agent_prompt(goal: str) -> str:
    if platform.system() == "Darwin":
        launcher_keys = '["command", "space"]'
        address_keys = '["command", "l"]'
    else:
        launcher_keys = '["win"]'
        address_keys = '["ctrl", "l"]'
    return DESKTOP_AGENT_PROMPT.format(launcher_keys=launcher_keys, address_keys=address_keys,
                                       goal=goal)
