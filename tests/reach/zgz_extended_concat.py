from .zgz_payloads import chat_content


# A request's text extended with a note before it goes to a model not in view: the text
# made elsewhere comes first, so the note after it is no constant block cut off by a value.
def outgoing(prompt_with_context: str, image_model: str, attachments: list) -> dict:
    if image_model:
        prompt_with_context = (
            f"{prompt_with_context}\n\n"
            "Image generation setting: when you call generate_image, use the model named "
            f"{image_model} unless the user explicitly asks for a different image model, "
            "keep the requested aspect ratio, and never generate images of real people."
        )
    return chat_content(prompt_with_context, attachments)
