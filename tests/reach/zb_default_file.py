from openai import OpenAI

client = OpenAI()


def build_prompt(question, schema, prompt_file="prompts/sql_task.md"):
    """The template is read from the file a parameter's default names."""
    with open(prompt_file) as handle:
        template = handle.read()
    return template.format(question=question, schema=schema)


def ask(question, schema, prompt_file="prompts/sql_task.md"):
    prompt = build_prompt(question, schema, prompt_file)
    return client.chat.completions.create(model="m", messages=[
        {"role": "user", "content": prompt}])
