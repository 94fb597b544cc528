import boto3

from policy import POLICY

runtime = boto3.client("bedrock-runtime")


def reply(account, text):
    return runtime.converse(
        modelId="anthropic.claude-sonnet-4",
        system=[{"text": f"Account plan: {account.plan}.\n" + POLICY}],
        messages=[{"role": "user", "content": [{"text": text}]}],
    )
