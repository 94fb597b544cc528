"""prefixlint's own folder in the user's cache (tokenizer ranks, the result cache's key):
never inside a project."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache_dir() -> Path | None:
    """prefixlint's own cache folder: PREFIXLINT_CACHE_HOME, else XDG_CACHE_HOME/prefixlint,
    else ~/.cache/prefixlint; None when no home folder can be found."""
    if os.environ.get("PREFIXLINT_CACHE_HOME"):
        return Path(os.environ["PREFIXLINT_CACHE_HOME"])
    base = os.environ.get("XDG_CACHE_HOME")
    try:
        return Path(base) / "prefixlint" if base else Path.home() / ".cache" / "prefixlint"
    except RuntimeError:
        return None
