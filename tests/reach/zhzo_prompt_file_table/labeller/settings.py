PROMPT_FILES = {"describe": "describe.txt", "merge": "merge_labels.txt"}
ENDPOINT = "http://localhost:8080/v1/chat/completions"
