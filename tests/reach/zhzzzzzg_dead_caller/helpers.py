"""Prompt builders an earlier version of the app used; nothing live calls them now."""


def tone_prompt(data):
    return (f"As a {data['genre']} author, set the tone of the story before anything else. "
            "Choose one mood, keep it through every scene, and let the setting, the "
            "characters' actions and their dialogue carry it. Prefer concrete detail to "
            "adjectives, vary sentence length to control the pace, and keep the ending in "
            f"the same mood as the opening.\n\nIdea: {data['idea']}")
