from autogen import ConversableAgent, UpdateSystemMessage

from policy import POLICY


class Planner(ConversableAgent):
    """A planner whose system message is written again before each reply, from the group
    chat's context variables: the goal of this analysis opens it, before the policy."""

    def __init__(self, llm_config):
        super().__init__(
            name="Planner",
            llm_config=llm_config,
            update_agent_state_before_reply=UpdateSystemMessage(
                "Goal of this analysis: {analysis_goal}\n" + POLICY),
        )
