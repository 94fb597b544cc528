from llama_index.core import ChatPromptTemplate
from llama_index.core.llms import ChatMessage, MessageRole

GUIDE = (
    "You write release notes for {user_name}'s team from the merged pull requests below.\n"
    "Group the changes under Features, Fixes and Chores, one line each, in the imperative,\n"
    "with the pull request number at the end. Leave out dependency bumps and typo fixes,\n"
    "and never invent a change that no pull request shows."
)

NOTES = ChatPromptTemplate(message_templates=[
    ChatMessage(content=GUIDE, role=MessageRole.SYSTEM),
    ChatMessage(content="Pull requests:\n{pull_requests}", role=MessageRole.USER),
])
