"""prefixlint: keeps LLM prompt prefixes cacheable."""

__version__ = "0.1.0"
