"""The prompt set of the language the deployment names, English unless it says otherwise."""
from .chooser import PromptSet

_chosen = PromptSet()

OUTLINE_PROMPT = _chosen.prompts.OUTLINE_PROMPT
