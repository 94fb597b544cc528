# A role template filled from one of a table of constant settings: every role's text is
# fixed when the code is written, whatever the template's placeholders are called.
ROLE_TEMPLATE = """You are the {role} of a museum's collection team. Your task is to {task}.

Work only from the catalogue record you are given. Quote the record's accession number in
every answer, never guess dates that the record does not state, and flag any field that
contradicts another. Return a JSON object with the keys findings, questions and confidence,
where confidence is one of low, medium or high."""

CATALOGUER = {"role": "cataloguer", "task": "complete the missing fields of a record"}
CONSERVATOR = {"role": "conservator", "task": "assess the condition notes of a record"}


def role_prompt(kind: str) -> str:
    settings = {"catalogue": CATALOGUER, "condition": CONSERVATOR}[kind]
    return ROLE_TEMPLATE.format(**settings)
