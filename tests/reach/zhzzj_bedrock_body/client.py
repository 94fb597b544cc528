"""The project's own client: the request body of Bedrock's InvokeModel, as JSON text."""
import json

import boto3


class DeskModel:
    def __init__(self, model_id: str = "anthropic.claude-3-5-sonnet-20240620-v1:0"):
        self.runtime = boto3.client("bedrock-runtime")
        self.model_id = model_id

    def ask(self, system: str, text: str) -> str:
        body = {
            "anthropic_version": "bedrock-2023-05-31",
            "max_tokens": 512,
            "system": system,
            "messages": [{"role": "user", "content": text}],
        }
        response = self.runtime.invoke_model(modelId=self.model_id, body=json.dumps(body))
        return json.loads(response["body"].read())["content"][0]["text"]

    def embed(self, text: str) -> list:
        response = self.runtime.invoke_model(modelId="amazon.titan-embed-text-v2:0",
                                             body=json.dumps({"inputText": text}))
        return json.loads(response["body"].read())["embedding"]
