"""Loads the desk's prompt files once and fills them."""
from pathlib import Path


class PromptLoader:
    def __init__(self, prompts_dir: str | None = None) -> None:
        if prompts_dir is None:
            self.prompts_dir = Path(__file__).parent.parent / "prompts"
        else:
            self.prompts_dir = Path(prompts_dir)
        self._cache: dict[str, str] = {}

    def load(self, name: str, **values: str) -> str:
        return self._template(name).format(**values)

    def _template(self, name: str) -> str:
        if name not in self._cache:
            with open(self.prompts_dir / f"{name}.txt", encoding="utf-8") as handle:
                self._cache[name] = handle.read()
        return self._cache[name]


loader = PromptLoader()
