"""An account brief whose user message walks a table of literal rows (`for key, label in
(("news", "RECENT NEWS"), ...)`), a heading per row and the findings under it, and ends
with a short instruction: each row is unpacked into its key and label, never written whole
as a tuple (which made the headings read as one block of constant text after the account)."""
from openai import OpenAI

client = OpenAI()
PERSONAS = {"ops": {"label": "Operations lead"}, "it": {"label": "IT director"}}
SYSTEM = ("You write account briefs for a sales team. Use only the findings given, cite the "
          "source of each claim in brackets, keep the brief under two hundred words, and end "
          "with the two questions a rep should ask first. Never guess revenue figures.")


def user_message(*, findings, persona_keys):
    persona_lines = []
    for k in persona_keys:
        cfg = PERSONAS.get(k)
        if cfg:
            persona_lines.append(f"- {k}: {cfg['label']}")
    lines = [f"Account: {findings.get('account_name', '?')}", "", "Personas:",
             *(persona_lines or ["- (none)"]), "", "Findings:"]
    for key, label in (("news", "RECENT NEWS"), ("hiring", "HIRING"), ("tech", "TECH STACK"),
                       ("funding", "FUNDING"), ("people", "KEY PEOPLE")):
        items = findings.get(key) or []
        lines.append(f"\n[{label}]")
        if not items:
            lines.append("  (no findings)")
            continue
        for item in items:
            lines.append(f"- {item}")
    lines.append("\nWrite the brief now, in the format described above. Return only the brief, "
                 "no preamble, and leave out any persona the findings do not support.")
    return "\n".join(lines)


def brief(findings, persona_keys):
    content = user_message(findings=findings, persona_keys=persona_keys)
    return client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": content}])
