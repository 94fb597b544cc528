"""Settings read once from the environment: the same for every request of a deployment."""

import os

settings = {"template_folder": "", "product_notes": "", "languages": "de,fr"}
for key in settings:
    value = os.getenv("LOCALE_BOT_" + key.upper())
    if value:
        settings[key] = value
