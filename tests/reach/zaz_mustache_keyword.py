"""A prompt written as a Mustache template (`{{name}}`) under a prompt-ish keyword of a step
whose code is not in view: that code fills the fields, so each one is a value, and the pull
request's diff at the top ends the shared prefix before the checklist."""
from workflow_steps import LLMStep


def review_changes(pull_request: dict) -> list:
    reviews = []
    for change in pull_request["changes"]:
        step = LLMStep(
            inputs={"diff": change["patch"], "path": change["filename"]},
            user_prompt="""Review this change to {{path}}:

{{diff}}

Check, in order: correctness of the logic, error handling at every boundary, input
validation, resource cleanup, thread safety, naming, and whether tests cover the change.
For each problem give the line, why it is a problem, and a concrete fix. Rate the overall
risk of merging as low, medium or high, and say which reviewer should look at it next.
Do not comment on formatting that an automatic formatter would change anyway.""",
        )
        reviews.append(step.run())
    return reviews
