from vision import backends

describer = backends.OpenAIBackend("gpt-4o-mini")
