"""The Python frontend: prompts as Python programs build them, found at their call sites and
followed through statements, functions, classes, modules and the template files they render.
Python is parsed with libcst and never imported or executed.

    project.py      the files of a run, modules and imports
    import_lines.py a module's import statements read from its text (no parse)
    sinks.py        call sites the library models (prefixlint/models) name, the project's
                    own clients, HTTP posts and inferred sinks; arguments become blocks
    prompt_text.py  prompt text with no sink in view, measured on its own
    interpreter.py  names, objects and calls, followed in statement order
    strings.py      what string operations and library calls do to text
    flow.py         which bindings reach a use (statement order, if arms, mutations)
    values.py       the abstract values and contexts the interpreter passes around
    module.py       a parsed module: positions and qualified names
    literals.py     pure helpers over nodes and segments
    templates.py    template files read or rendered by code, linked into the prompt
    renderer.py     how a Python prompt's blocks render
    sources.py      value sources, and the text test a module must pass to be parsed
"""

__all__ = ["CONTEXT_MODULES", "PYTHON_SUFFIXES", "PythonProject", "SegmentRenderer",
           "is_python"]


def __getattr__(name: str):
    """The package's names, imported when first asked for: a run that only renders a stored
    result (`renderer.py`) never loads the analysis (libcst, Jinja)."""
    if name == "SegmentRenderer":
        from .renderer import SegmentRenderer

        return SegmentRenderer
    if name in ("CONTEXT_MODULES", "PYTHON_SUFFIXES", "PythonProject", "is_python"):
        from . import project

        return getattr(project, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
