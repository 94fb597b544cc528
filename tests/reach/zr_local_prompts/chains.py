"""A chain class whose template is an f-string: its own expressions are constants and its
doubled braces are the template's fields, filled later by a service not in view."""

RULES = """RULES:
- change only the lines the plan names, and keep every other line exactly as it is;
- keep the file's indentation, quoting and import order;
- never add a dependency the project does not already declare;
- keep the function's name, parameters and return type unless the plan changes them;
- answer with the whole rewritten function and nothing else."""


class PromptChain:
    prompt_template = ""


class RewriteFunctionChain(PromptChain):
    prompt_template = f"""We are rewriting one function of a repository.

{{issue}}

{RULES}

The function as it is now:
{{function_source}}"""
