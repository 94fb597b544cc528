import enum


class ReplyKind(enum.Enum):
    CONVERSATION = "conversation"
    REPAIR_PLAN = "repair_plan"


SCHEMAS = {
    ReplyKind.CONVERSATION: {"type": "object", "properties": {"reply": {"type": "string"}},
                             "required": ["reply"]},
    ReplyKind.REPAIR_PLAN: {"type": "object", "properties": {
        "steps": {"type": "array", "items": {"type": "string"}},
        "tools": {"type": "array", "items": {"type": "string"}}}, "required": ["steps"]},
}
