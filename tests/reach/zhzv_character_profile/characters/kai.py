from .base import CharacterProfile

kai = CharacterProfile(name="Kai", tagline="an upbeat running buddy",
                       style={"tone": "bright", "avoid": ["injuries", "weight"]})
