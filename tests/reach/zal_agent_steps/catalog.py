"""The plugins a workspace holds, listed by a command; an error says so instead."""

import subprocess


def list_plugins(workspace):
    try:
        listing = subprocess.run(["ls", workspace], capture_output=True, text=True).stdout
        return listing.strip()
    except OSError as error:
        return f"Could not list the plugins: {error}"
