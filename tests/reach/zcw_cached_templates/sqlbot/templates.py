"""Templates read once from the package's files and kept in a module cache, with a short
fallback used only when the file comes back empty."""

import importlib.resources

_write_sql_cache: str | None = None


def write_sql_template() -> str:
    global _write_sql_cache
    if _write_sql_cache is None:
        with importlib.resources.files("sqlbot.prompts").joinpath("write_sql.md").open("r") as f:
            _write_sql_cache = f.read()
    return _write_sql_cache


def dialect_template(dialect: str) -> str:
    prompt = write_sql_template()
    if not prompt:
        prompt = "Write one [dialect] SELECT query for the question."
    return prompt.replace("[dialect]", dialect)
