"""The analyst's own tools."""

from langchain_core.tools import tool


@tool("list_tables")
def list_tables() -> str:
    """List the warehouse's tables."""
    return "orders, customers"


@tool("sample_rows")
def sample_rows(table: str) -> str:
    """Show five rows of a table."""
    return f"five rows of {table}"
