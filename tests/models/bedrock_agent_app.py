import uuid

import boto3

agents = boto3.client("bedrock-agent-runtime")


def design(explanation: str, agent_id: str, alias_id: str) -> str:
    steps = """
    <steps>
    1. Call the draft function with the explanation to get a first template.
    2. Call the review function to apply the provider's best practices to it.
    3. Call the validate function and, if it reports errors, call the repair function.
    4. Validate the repaired template once more and stop, whatever the result.
    5. Return the template and every validation message to the user unchanged.
    </steps>
    """
    response = agents.invoke_agent(
        inputText=f"Write the template for this architecture: {explanation}\n{steps}",
        agentId=agent_id, agentAliasId=alias_id, sessionId=str(uuid.uuid4()))
    return "".join(event["chunk"]["bytes"].decode() for event in response["completion"]
                   if "chunk" in event)
