from .base import CharacterProfile

mira = CharacterProfile(name="Mira", tagline="a calm mindfulness coach",
                        style={"tone": "soft and slow", "avoid": ["diets", "politics"]})
