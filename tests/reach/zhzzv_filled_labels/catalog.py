"""Intents the router offers: one label per schema, the list filled when the module loads."""

SCHEMAS = {
    "book_room": {"required": ["room", "time"]},
    "cancel_booking": {"required": ["booking_id"]},
    "list_rooms": {"required": []},
}
OVERRIDES = {"list_rooms": "ROOM_LISTING"}
DISPLAY = {}
for canonical in SCHEMAS.keys():
    DISPLAY[canonical] = OVERRIDES.get(canonical, canonical.upper())

RECENT = {}
for canonical in SCHEMAS:
    RECENT[canonical] = "never used"


def remember(intent, when):
    RECENT[intent] = when
