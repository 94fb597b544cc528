from .core import generate

__all__ = ["generate"]
