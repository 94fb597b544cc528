from .context import build_system_prompt

__all__ = ["build_system_prompt"]
