"""A system prompt written as a list of lines, joined by the client it is handed to (its code
not in view): the patient's details come before the constant rules."""


def draft_note(chatter, patient, transcript):
    system_prompt = [
        f"The conversation is a clinical visit between a patient ({patient.summary()}) and a "
        "licensed provider.",
        "Your task is to draft the visit note from the transcript the user submits.",
        "Record only what the transcript states; never infer a diagnosis the provider did not "
        "make, and keep medication names, doses and frequencies exactly as spoken.",
        "Write the note in the SOAP format, one heading per section, with short sentences.",
        "Return the note as a JSON object with the keys subjective, objective, assessment and "
        "plan, each holding a list of sentences.",
    ]
    user_prompt = ["The transcript:", "```text", transcript, "```"]
    return chatter.single_conversation(system_prompt, user_prompt)
