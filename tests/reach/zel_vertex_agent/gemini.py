from vertexai.generative_models import GenerationConfig, GenerativeModel, Part


def generate(model: GenerativeModel, contents: list[Part]) -> str | None:
    response = model.generate_content(contents, generation_config=GenerationConfig(temperature=0))
    return response.text or None
