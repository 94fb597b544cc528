"""Messages as a prompt's blocks: a message list (role dicts, tuples, message objects,
LangChain message templates), a system prompt given as text or as content blocks, a tool
list, `{placeholders}` of a template string and the values that fill them, and Anthropic's
`cache_control` breakpoints (PFX013). Which call is a sink and what it passes is decided in
`sinks.py`; what it passes becomes blocks here."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, replace

from ...dialect import (DOLLAR_FIELD, FORMAT_FIELD, NAME_FIELD, PRINTF_FIELD, STATE_FIELD,
                        VALUE_FIELD, value_fields_only)
from ...ir import Block, Hole, Scope, Span, Text
from ...volatility import is_history
from .flow import end_index
from .sources import RANDOM_EXAMPLES

# Expressions that make text: a literal, an f-string, a constant's name, `dedent(...)`.
_TEXT_NODES = frozenset({"SimpleString", "ConcatenatedString", "FormattedString", "Name",
                         "Attribute", "Call"})
# Roles a message object can name by attribute (`MessageRole.SYSTEM`, `Role.USER`).
ROLES = frozenset({"system", "user", "assistant", "tool", "developer", "model", "function"})


def _named_role(node) -> str | None:
    """The role an enum member names (`MessageRole.SYSTEM`, `Role.USER`); None for any
    other expression (`turn.role` is a stored turn's)."""
    import libcst as cst

    if isinstance(node, cst.Attribute) and node.attr.value.lower() in ROLES:
        return node.attr.value.lower()
    return None


def replayed_turn(segments: list) -> list:
    """The content of a message whose role is computed (`turn.role`): a stored turn of the
    conversation replayed, so its values are history (what PFX006 keeps after the request
    values), whatever the list holding them is called."""
    return [Hole(s.kind, s.expr, s.span, s.deps + tuple(f"{d}.history" for d in s.deps[:1]),
                 s.scope, s.passed) if isinstance(s, Hole) else s for s in segments]


def _joined_lists(node) -> bool:
    """Whether content is lists joined with `+` (`[{"type": "text", "text": prompt}] +
    [image parts for each page]`), the parts of one message."""
    import libcst as cst

    return isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add) and \
        (isinstance(node.left, cst.List) or _joined_lists(node.left)) and \
        isinstance(node.right, (cst.List, cst.ListComp))


# Message classes named for their role (`AssistantMessage`, `SystemMessage`); others are
# the user's.
_NAMED_ROLES = (("System", "system"), ("Developer", "system"), ("Assistant", "assistant"),
                ("AI", "assistant"), ("Tool", "tool"))

# LangChain's message classes and the role each sends its text as.
MESSAGE_CLASS_ROLES = {"SystemMessage": "system", "HumanMessage": "user",
                       "AIMessage": "assistant"}
# The role of a message a call makes, by the name called: those classes, LangChain's message
# templates, and Haystack's `ChatMessage.from_system(text)`, `.from_user(...)`.
_ROLES_BY_NAME = {**MESSAGE_CLASS_ROLES, "SystemMessagePromptTemplate": "system",
                  "HumanMessagePromptTemplate": "user", "AIMessagePromptTemplate": "assistant",
                  "from_system": "system", "from_user": "user",
                  "from_assistant": "assistant"}


_TEXT_METHODS = frozenset({"format", "join", "strip", "replace", "format_map", "substitute",
                           "safe_substitute"})


def _spelled_text(node) -> bool:
    """Whether an expression is text written in the code: a string literal or f-string, a
    concatenation or `%` with one, or a string method called on one (`"...".format(...)`)."""
    import libcst as cst

    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
        return True
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Modulo)):
        return _spelled_text(node.left) or _spelled_text(node.right)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        return node.func.attr.value in _RENDERS or \
            node.func.attr.value in _TEXT_METHODS and _spelled_text(node.func.value)
    return False


# Methods of a template object that return the text it renders (`template.render(...)`,
# `string.Template(...).substitute(...)`), whatever the template is held in.
_RENDERS = frozenset({"render", "substitute", "safe_substitute"})


# A value passed for a template's placeholder with this much constant text of its own is a
# prompt written elsewhere, measured as it is written rather than as one value.
PASSED_TEXT_CHARS = 200

# Methods that write a message object out as the dict a provider is sent.
_AS_DICT = frozenset({"to_dict", "model_dump", "dict", "as_dict", "to_openai", "serialize"})


# The lifetime an ADK state key's prefix gives it: `app:` is shared by the deployment,
# `user:` by one user's sessions, `temp:` lives for one invocation.
_STATE_SCOPES = {"app": Scope.DEPLOY, "user": Scope.USER, "temp": Scope.REQUEST}


def _fenced(text: str) -> list[tuple[int, int]]:
    """Where the text's fenced code blocks (```...```) stand: an example of code for the
    model to read, whose `${NAME}` is the shell's variable when nothing in view fills it."""
    return [(m.start(), m.end()) for m in _FENCE.finditer(text)]


_FENCE = re.compile(r"```.*?```", re.S)
# A field name `.format` is passed a value by: a name or a position, then attributes and
# items (`{user.name}`, `{rows[0]}`).
_FIELD_NAME = re.compile(r"(?:[A-Za-z_]\w*|\d+)(?:\.[A-Za-z_]\w*|\[[^\]]*\])*")


def _runs(segments: list) -> list:
    """Segments with each run of constant text gathered into a list, values kept apart."""
    out: list = []
    for segment in segments:
        if isinstance(segment, Text):
            if out and isinstance(out[-1], list):
                out[-1].append(segment)
            else:
                out.append([segment])
        else:
            out.append(segment)
    return out


class MessageLowering:
    """Lowers what a sink passes to blocks, for one module."""

    def __init__(self, lowerer, module) -> None:
        import libcst as cst

        self.cst = cst
        self.lowerer = lowerer
        self.module = module
        self.filled = None  # template_values.Filled of the template site being built

    def tools(self, value, ctx) -> Block:
        cst = self.cst
        lowerer = self.lowerer
        resolved, resolved_ctx = value, ctx
        while isinstance(resolved, cst.Name):
            found = lowerer.resolve(resolved.value, resolved_ctx)
            if not isinstance(found, tuple):
                break
            resolved, resolved_ctx = found
        while isinstance(resolved, cst.Call) and resolved.args and \
                resolved_ctx.module.qualname(resolved.func) in ("builtins.list", "builtins.tuple"):
            resolved = resolved.args[0].value
        if isinstance(resolved, cst.Name) and resolved.value == "None":
            return Block("tools", ())  # `tools=None`: no tools are sent
        filtered = isinstance(resolved, (cst.ListComp, cst.GeneratorExp)) and any(
            f.ifs for f in for_clauses(resolved))
        qualified = resolved_ctx.module.qualname(resolved.func) \
            if isinstance(resolved, cst.Call) else None
        if filtered or qualified in ("builtins.filter", "builtins.sorted"):
            lowerer.note("PFX012", resolved_ctx.module.span(resolved),
                         "the tool list is filtered or reordered per request: every tool after "
                         "the first change is outside the cached prefix; keep one fixed list")
            hole = lowerer.hole(resolved, resolved_ctx, scope=Scope.REQUEST, kind="loop")
            return Block("tools", (hole,))
        described = self._described_tools(value, ctx)
        if described is not None:
            return Block("tools", tuple(described))
        return Block("tools", tuple(lowerer.json_text(value, ctx)))

    def _described_tools(self, value, ctx) -> list | None:
        """A list of tool objects each made, by keywords, of a function and its `name=` and
        `description=` (LangChain's `Tool(name=..., func=..., description=...)`): the
        `name: description` lines an agent's prompt shows, whatever function each tool runs
        (the function is code, not text the model reads). None when an item is anything
        else."""
        cst = self.cst
        lowerer = self.lowerer
        items = lowerer.sequence(value, ctx)
        if not items:
            return None
        out: list = []
        for node, node_ctx in items:
            found = lowerer.follow(node, node_ctx) if isinstance(node, cst.Name) else \
                (node, node_ctx)
            if found is None or not isinstance(found[0], cst.Call):
                return None
            call, call_ctx = found
            if lowerer._function_of(call, call_ctx) is not None or \
                    lowerer._class_named(call.func, call_ctx) is not None:
                return None  # (the project's own tool class: what it makes is its own)
            fields = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
            if len(fields) < len(call.args) or not {"name", "description"} <= set(fields) or \
                    not {"func", "coroutine"} & set(fields):
                return None  # (a schema made from a class, `pydantic_function_tool(Model, ...)`)
            out.extend(lowerer.text(fields["name"], call_ctx))
            out.append(Text(": ", None))
            out.extend(lowerer.text(fields["description"], call_ctx))
            out.append(Text("\n", None))
        return out

    def system(self, value, ctx) -> list:
        cst = self.cst
        lowerer = self.lowerer
        items = lowerer.sequence(value, ctx) \
            if isinstance(value, (cst.List, cst.Name, cst.Call, cst.Attribute)) else None
        if items and isinstance(value, (cst.List, cst.Tuple)) and \
                all(type(v).__name__ in _TEXT_NODES for v, _ in items):
            # `instructions=["Cite sources.", RULES]`: the library writes them a line each
            segments = []
            for node, node_ctx in items:
                segments.extend(lowerer.text(node, node_ctx))
                segments.append(Text("\n", None))
            return segments
        if items is None or not items or not all(isinstance(v, cst.Dict) for v, _ in items):
            return lowerer.text(value, ctx)
        segments: list = []
        for node, node_ctx in items:
            fields = dict_fields(node)
            if "text" in fields:
                segments.extend(lowerer.text(fields["text"], node_ctx))
            if "cache_control" in fields:
                segments.append(Breakpoint(node_ctx.module.span(fields["cache_control"])))
        return segments

    def messages(self, value, ctx, consumed: set[int], first_block: int, template: bool):
        from .values import ExtendedItem

        cst = self.cst
        lowerer = self.lowerer
        if isinstance(value, cst.List):
            consumed.add(id(value))
        items = lowerer.sequence(value, ctx)
        if items is None:
            return self.message(value, ctx, template)
        out = []
        for node, node_ctx in items:
            if isinstance(node, cst.List) or isinstance(node, cst.Tuple):
                consumed.add(id(node))
            lowerer.block = first_block + len(out)
            out.extend(_kept_turns(m) for m in self.message(node, node_ctx, template))
        for node, _ in items:
            if isinstance(node, ExtendedItem):
                node = node.node
            if isinstance(node, cst.Call) and chain_of(node.func).endswith(
                    "MessagePromptTemplate.from_template"):
                consumed.add(id(node))  # a message of this template, not a template alone
            for parent in list_parents(node, self.module):
                consumed.add(id(parent))
        return out

    def _placeholder(self, node, ctx) -> Hole:
        """The messages a `MessagesPlaceholder` stands for, by the variable it names: the
        conversation so far for a history's name (`chat_history`, `history_messages`, and
        when no name is written), else the invocation's own messages (`agent_scratchpad`,
        `function_response`), scoped as the name says, else as a request's."""
        from .literals import literal_value

        args = {a.keyword.value if a.keyword else "": a.value for a in node.args}
        variable = args.get("variable_name", args.get(""))
        variable = literal_value(variable) if variable is not None else None
        scope = self.lowerer.scope_of(variable) if isinstance(variable, str) else None
        # (a template written at import time is filled when it is invoked: its placeholder
        # is never a value the deployment fixes)
        ctx = replace(ctx, import_time=False)
        if scope is None or scope is Scope.SESSION or is_history(variable):
            return self.lowerer.hole(node, ctx, "history")  # (`history_messages` too)
        return self.lowerer.hole(node, ctx, variable,
                                 Scope.REQUEST if scope is Scope.UNKNOWN else scope)

    def message(self, node, ctx, template: bool):
        from .values import ExtendedItem, HoleItem, Message, Parts

        cst = self.cst
        lowerer = self.lowerer
        if isinstance(node, HoleItem):
            return [Message("messages", [node.hole])]
        if isinstance(node, ExtendedItem):  # `messages[-1]["content"] += RULES`
            found = self.message(node.node, node.ctx, template)
            if found:
                if node.replaced:
                    found = [Message(found[0].role, [])]
                for value, value_ctx in node.added:
                    found[-1].segments.extend(lowerer.text(value, value_ctx))
            return found
        shuffled = lowerer.shuffled(node, ctx)
        if shuffled is not None:
            lowerer.note("PFX011", shuffled, f"'{node.value}' is shuffled on every request "
                         "before it is sent; send examples in a fixed order")
            return [Message("messages", [lowerer.hole(node, ctx, node.value, Scope.REQUEST)])]
        if isinstance(node, cst.Name):
            resolved = lowerer.resolve(node.value, ctx)
            if isinstance(resolved, tuple):
                return self.message(resolved[0], resolved[1], template)
        index = end_index(node)
        if index is not None:  # `history[0]`: the list's first message, as the list holds it
            items = lowerer.sequence(node.value, ctx)
            if items:
                return self.message(items[index][0], items[index][1], template)
        if isinstance(node, cst.Attribute):  # `config.SYSTEM_MESSAGE`, a module's dict
            resolved = lowerer.attribute_value(node, ctx)
            if isinstance(resolved, tuple) and isinstance(resolved[0], cst.Dict):
                return self.message(resolved[0], resolved[1], template)
        if isinstance(node, cst.Dict) and len(node.elements) == 1 and \
                isinstance(node.elements[0], cst.StarredDictElement):
            copied = lowerer.follow(node.elements[0].value, ctx)  # `{**message}`: a copy
            if copied is not None and isinstance(copied[0], cst.Dict):
                return self.message(copied[0], copied[1], template)
        if isinstance(node, cst.Dict):
            fields = dict_fields(node)
            role_value = fields.get("role")
            role = _named_role(role_value) or lowerer.json_value(role_value, ctx) \
                if role_value is not None else None
            replayed = role_value is not None and not isinstance(role, str)
            role = role if isinstance(role, str) else "message"
            content = fields.get("content")
            if isinstance(content, cst.Name) and content.value == "None":
                content = None  # an assistant's tool calls, with no text
            message = Message(role, [])
            if content is None:
                message.segments.extend(self._tool_calls(fields, ctx))
                return [message]
            if replayed:  # `{"role": turn.role, "content": turn.text}`: a stored turn
                return [Message(role, replayed_turn(lowerer.text(content, ctx)))]
            parted = self.content_parts(content, ctx)
            if parted is not None:
                message.segments.extend(parted)
                message.segments.extend(self._tool_calls(fields, ctx))
                return [message]
            segments = self.placeholders(content, ctx) if template else \
                lowerer.text(content, ctx)
            if role in ("tool", "function") and len(segments) == 1 and \
                    type(segments[0]) is Hole and segments[0].scope < Scope.REQUEST:
                # what a tool returned for this call (`await tools[name](**args)`): per
                # request, whatever table of functions the tool was picked from
                segments = [lowerer.hole(content, ctx, scope=Scope.REQUEST)]
            message.segments.extend(segments)
            message.segments.extend(self._tool_calls(fields, ctx))
            return [message]
        if isinstance(node, cst.Tuple) and len(node.elements) == 2:
            role = lowerer.json_value(node.elements[0].value, ctx)
            role = {"human": "user", "ai": "assistant"}.get(role, role)
            body = node.elements[1].value
            segments = self.placeholders(body, ctx) if template else lowerer.text(body, ctx)
            return [Message(role if isinstance(role, str) else "message", segments)]
        if isinstance(node, cst.Call) and ctx.module.qualname(node.func) in RANDOM_EXAMPLES:
            lowerer.note("PFX011", ctx.module.span(node), f"'{ctx.module.source(node)}' picks "
                         "examples at random on every request; send a fixed set in a fixed order")
            return [Message("messages", [lowerer.hole(node, ctx, scope=Scope.REQUEST)])]
        if isinstance(node, cst.Call):
            name = chain_of(node.func).rsplit(".", 1)[-1]
            if name == "from_template" and chain_of(node.func).count("."):
                # `SystemMessagePromptTemplate.from_template(text)`: the class's message
                name = chain_of(node.func).rsplit(".", 2)[-2]
            roles = _ROLES_BY_NAME
            keywords = {a.keyword.value for a in node.args if a.keyword is not None}
            if {"role", "parts"} <= keywords:  # Gemini's types.Content(role=, parts=[...])
                return [self._parts_message(node, ctx)]
            if _gemini_part(node, name, keywords):
                # `contents=[types.Part.from_bytes(data=page, ...), PROMPT]`: a part of the
                # user's turn, an image first
                return [Message("user", self._part(node, ctx))]
            if name == "ChatMessage" or {"role", "content"} <= keywords:
                # LlamaIndex's ChatMessage(role=MessageRole.SYSTEM, ...), and any message
                # object of a project or library built with role= and content=.
                role_node = argument_of(node, "role")
                role = _named_role(role_node) or lowerer.json_value(role_node, ctx) \
                    if role_node is not None else "user"
                if not isinstance(role, str):  # `dict(role=turn.role, content=...)`
                    body = argument_of(node, "content")
                    if body is not None:
                        return [Message("message", replayed_turn(lowerer.text(body, ctx)))]
                roles = {name: role if isinstance(role, str) else "message"}
            elif name.endswith("Message") and name not in roles and "content" in keywords:
                # `Message(content=...)`, `UserMessage(content=...)`: a message class whose
                # role is its default (the user's) or its name's.
                roles = {name: next((r for prefix, r in _NAMED_ROLES if name.startswith(prefix)),
                                    "user")}
            if name in roles:
                args = {a.keyword.value: a.value for a in node.args if a.keyword is not None}
                # `text=`: Agent Framework's ChatMessage(role=Role.SYSTEM, text=...)
                body = args.get("content") or args.get("text") or args.get("template") or (
                    node.args[0].value if node.args and node.args[0].keyword is None else None)
                if body is not None:
                    # A message object in a chat template is sent as it is; only a message
                    # *template* (`SystemMessagePromptTemplate`) fills `{placeholders}`.
                    # (LlamaIndex's ChatPromptTemplate formats its ChatMessages' text too)
                    filled = template and (name.endswith("PromptTemplate") or (
                        (ctx.module.qualname(node.func) or "").startswith("llama_index")))
                    # `HumanMessage(content=[{"type": "image_url", ...}, {"type": "text",
                    # ...}])`: content parts, as a dict message's are read
                    parted = None if filled else self.content_parts(body, ctx)
                    return [Message(roles[name], (parted if parted is not None else
                                                  self.placeholders(body, ctx) if filled
                                                  else lowerer.text(body, ctx))
                                    + self._tool_calls(args, ctx))]
            if name in ("MessagesPlaceholder",):
                return [Message("messages", [self._placeholder(node, ctx)])]
            if name in _AS_DICT and isinstance(node.func, cst.Attribute) and \
                    not any(a.keyword is None for a in node.args):
                # `message.to_dict()`, `message.model_dump(exclude_none=True)`: the message
                # object as the dict the provider is sent
                found = self.message(node.func.value, ctx, template)
                if not (len(found) == 1 and found[0].role == "messages"):
                    return found
            returned = lowerer.last_return(node, ctx)
            if returned is not None and isinstance(returned[0], cst.Name):
                built = lowerer.resolve(returned[0].value, returned[1])
                if isinstance(built, Parts) and built.parts and built.parts[0][0] == "=" and \
                        _spelled_text(built.parts[0][1]) and \
                        all(op in ("=", "+=", "branch") for op, _, _ in built.parts):
                    # `prompt = f"..."; prompt += f"..."; return prompt`: a project function
                    # that writes the text the user sends, a statement at a time
                    return [Message("user", lowerer.text(node, ctx))]
                # `message_dict = {...}; ...; return message_dict`
                returned = lowerer.follow(*returned) or returned
            if returned is not None and isinstance(returned[0], (cst.Dict, cst.Call,
                                                                 cst.Tuple)):
                # `self.system_message(text)`: a project function that makes the message.
                return self.message(returned[0], returned[1], template)
            if returned is not None and _spelled_text(returned[0]):
                # `contents=self.task_prompt(task)` (Gemini): a project function that
                # writes the text the user sends
                return [Message("user", lowerer.text(node, ctx))]
        if _spelled_text(node) or self._filled_constant(node, ctx):
            # `contents=prompt` (Gemini), a string among a message list's parts, a constant
            # filled in (`input=PROMPT.replace("[LANGUAGE]", language)`): the text the user
            # sends
            return [Message("user", lowerer.text(node, ctx))]
        if isinstance(node, (cst.ListComp, cst.GeneratorExp)):
            # `[self.format_note(n) for n in notes]` over messages not known here: the
            # messages it is made of, by the name they are read from (a parameter makes the
            # function a client its callers send through)
            path = lowerer.path_of(node.for_in.iter, ctx) or lowerer.path_of(node, ctx)
            return [Message("messages", [lowerer.hole(node, ctx, path, kind="loop")])]
        return [Message("messages", [lowerer.hole(node, ctx, lowerer.path_of(node, ctx))])]

    def _filled_constant(self, node, ctx) -> bool:
        """Whether an expression calls a string method on a name whose text holds words
        written in the code (`PROMPT.replace("[LANGUAGE]", language)`, `RULES.format(...)`,
        `PROMPTS[language]["SUMMARY"].format(...)`, a text built by `+=` in the arms of an
        `if`)."""
        cst = self.cst
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and
                node.func.attr.value in _TEXT_METHODS and
                isinstance(node.func.value, (cst.Name, cst.Attribute, cst.Subscript))):
            return False
        return any(type(s) is Text and s.text.strip()
                   for s in self.lowerer.text(node.func.value, ctx))

    def _tool_calls(self, fields: dict, ctx) -> list:
        """What a message sends beside its text: the tool calls an assistant message makes
        (their ids and arguments, as JSON) and the call id a tool's result answers. A
        few-shot example whose call id is made by `uuid4()` differs on every request."""
        out: list = []
        if "tool_calls" in fields:
            out.extend(self.lowerer.json_text(fields["tool_calls"], ctx))
        if "tool_call_id" in fields:
            out.extend(self.lowerer.text(fields["tool_call_id"], ctx))
        return out

    def content_parts(self, content, ctx) -> list | None:
        """A message's content given as parts (`[{"type": "image_url", ...}, {"type": "text",
        "text": RULES}]`): each text part's text and each image, audio or file part as a
        media value, in order, with the cache breakpoints they set; None when the content is
        not a list of parts."""
        import libcst as cst

        from .values import HoleItem

        lowerer = self.lowerer
        parts = lowerer.sequence(content, ctx) \
            if isinstance(content, (cst.List, cst.Name)) or _joined_lists(content) else None
        if parts:  # `[block]`, `block = {"type": "text", "text": RULES}`: that dict
            parts = [found if (found := lowerer.follow(p, c)) is not None and
                     isinstance(found[0], cst.Dict) else (p, c) for p, c in parts]
            # `[... for page in pages]` joined to the parts: one opaque item, a media
            # part for each page when each is an image
            parts = [(self._built_parts(p, c), c) if isinstance(p, cst.ListComp) else (p, c)
                     for p, c in parts]
        if not (parts and all(isinstance(p, (cst.Dict, HoleItem)) for p, _ in parts) and
                any(isinstance(p, cst.Dict) for p, _ in parts)):
            return None
        out: list = []
        for part, part_ctx in parts:
            if isinstance(part, HoleItem):
                # `if has_images: content = build_parts(...)`: the parts are sent for some
                # requests only, a branch on the test before them
                out.append(part.hole)
                continue
            part_fields = dict_fields(part)
            if "text" in part_fields:
                out.extend(lowerer.text(part_fields["text"], part_ctx))
            elif (media := _media(part_fields)) is not None:
                # an image, audio or file part: its URL or data varies as it does, a media
                # part (its tokens are not counted in the prompt's text)
                out.extend(Hole("media", s.expr, s.span, s.deps, s.scope, s.passed)
                           if type(s) is Hole and s.kind == "value" else s
                           for s in lowerer.text(media, part_ctx))
            if "cache_control" in part_fields:
                out.append(Breakpoint(part_ctx.module.span(part_fields["cache_control"])))
        return out

    def _parts_message(self, node, ctx):
        """A message made of parts (Gemini's `Content(role="user", parts=[...])`): each
        text part's text (`Part.from_text(text=...)`, `Part(text=...)`, a string), and each
        other part (audio, an image, a file) as the value it sends, in order; `model` is
        the assistant's role."""
        import libcst as cst

        from .values import Message

        lowerer = self.lowerer
        role_node = argument_of(node, "role")
        role = lowerer.json_value(role_node, ctx) if role_node is not None else "user"
        role = {"model": "assistant"}.get(role, role) if isinstance(role, str) else "message"
        message = Message(role, [])
        given = argument_of(node, "parts")
        parts = lowerer.sequence(given, ctx) if given is not None else None
        if parts is None:
            message.segments.extend(lowerer.text(given, ctx) if given is not None else [])
            return message
        for part, part_ctx in parts:
            if not isinstance(part, cst.Call):
                message.segments.extend(lowerer.text(part, part_ctx))
                continue
            message.segments.extend(self._part(part, part_ctx))
        return message

    def _part(self, part, ctx) -> list:
        """A Gemini part made by a call: its text (`Part.from_text(text=...)`), or, for audio,
        an image or a file, a media value named by what it sends (its bytes or URI)."""
        lowerer = self.lowerer
        text = argument_of(part, "text")
        if text is None and chain_of(part.func).endswith("from_text"):
            text = argument_of(part, "0")  # Vertex AI's `Part.from_text(prompt)`
        if text is not None:
            return lowerer.text(text, ctx)
        sent = next((v for k in _SENT_PART_FIELDS if (v := argument_of(part, k))
                     is not None), None)
        return [lowerer.hole(part, ctx, lowerer.path_of(sent, ctx) if sent is not None
                             else None, kind="media")]

    def placeholders(self, node, ctx, double: bool = False, state: bool = False) -> list:
        """A LangChain template string: `{name}` placeholders are holes, `{{` is a brace.
        With `double` (text handed to code not in view, which may fill it as Jinja or
        Mustache does), constant text whose only fields are `{{ name }}` has those as holes;
        with `state` (an ADK instruction), every run of braces around a state name is one."""
        lowerer = self.lowerer
        segments = lowerer.text(node, ctx)
        if state:
            return self._fields_of_runs(node, ctx, segments, STATE_FIELD)
        if double and segments and all(isinstance(s, Text) for s in segments) and \
                value_fields_only("".join(s.text for s in segments)):
            return self._matched_fields(node, ctx, segments, VALUE_FIELD)
        if not all(isinstance(s, Text) for s in segments):
            # `f"Titles: {titles}\nQuery: {{query_str}}"`: the escaped field of each
            # constant run is a placeholder too, filled when the template is used
            return self._fields_of_runs(node, ctx, segments, FORMAT_FIELD)
        return self._fields(node, ctx, segments)

    def _fields_of_runs(self, node, ctx, segments: list, pattern) -> list:
        """Segments with each run of constant text read for the fields `pattern` finds,
        the values between the runs kept where they are."""
        return [out for run in _runs(segments) for out in (
            self._matched_fields(node, ctx, run, pattern) if isinstance(run, list) else (run,))]

    def _matched_fields(self, node, ctx, run: list, pattern=FORMAT_FIELD,
                        positional: str = "") -> list:
        """A run of constant text with each `{name}` it holds as a hole (found by the
        pattern of a field, so that a JSON example's braces stay text; `{{ name }}` with
        VALUE_FIELD; `%s` and `%(name)s` with PRINTF_FIELD, a positional one named by its
        place in the text called `positional`, `PROMPT%1`, and of unknown scope: what fills
        it is not in view); the run as it was when it holds none."""
        from .literals import offset_span

        text = "".join(s.text for s in run)
        out: list = []
        start = 0
        shell = _fenced(text) if pattern is DOLLAR_FIELD and self.filled is None else ()
        for position, match in enumerate(pattern.finditer(text), 1):
            if shell and match.group(1).isupper() and \
                    any(a <= match.start() < b for a, b in shell):
                continue  # `${SURFACE_URL}/api` in a fenced shell example: the environment's
            if match.start() > start:
                out.append(Text(text[start:match.start()], None))
            if pattern is FORMAT_FIELD:
                field_name = match.group(0)[1:-1].split("!")[0].split(":")[0]
                expr = "{" + field_name + "}"
            elif pattern is NAME_FIELD or pattern is STATE_FIELD:
                field_name, expr = match.group(1), match.group(0)
            elif pattern is PRINTF_FIELD:
                field_name = match.group(1) or f"{positional}%{position}"
                expr = match.group(0)
            else:
                field_name = match.group(1)
                expr = ("${" + field_name + "}") if pattern is DOLLAR_FIELD else \
                    "{{" + field_name + "}}"
            prefix, _, field_name = field_name.rpartition(":")  # ADK's `{user:name}`
            root = field_name.split(".")[0].split("[")[0]
            span = offset_span(run, match.start(), len(match.group(0))) or \
                ctx.module.span(node)
            unnamed = pattern is PRINTF_FIELD and not match.group(1)
            scope = Scope.UNKNOWN if unnamed else _STATE_SCOPES.get(prefix)
            out.append(Hole("value", expr, span, (root,),
                            self.lowerer.scope_of(root) if scope is None else scope))
            start = match.end()
        if not start:
            return run
        if start < len(text):
            out.append(Text(text[start:], None))
        return out

    def _fields(self, node, ctx, segments: list) -> list:
        """Constant text with its `{name}` fields as holes (`{{` is a brace)."""
        lowerer = self.lowerer
        text = "".join(s.text for s in segments)
        if DOLLAR_FIELD.search(text):  # `${title}`: a `string.Template`, its braces are text
            return self._matched_fields(node, ctx, segments, DOLLAR_FIELD)
        out: list = []
        search = 0
        try:
            parsed = list(string.Formatter().parse(text))
        except ValueError:
            parsed = None
        if parsed is None or any(field and not _FIELD_NAME.fullmatch(field)
                                 for _, field, _, _ in parsed):
            # `{"name": ...}`: a JSON example, text `.format` would refuse; `{prospect's
            # name}`: a slot for the model to fill, in words no code passes a value by; a
            # filler that replaces names alone (ADK's state, `.replace`) still fills `{name}`
            # beside them
            return self._matched_fields(node, ctx, segments, NAME_FIELD)
        for literal, field_name, _, _ in parsed:
            if literal:
                out.append(Text(literal, None))
            if field_name is None:
                continue
            from .literals import find_placeholder

            span, search = find_placeholder(segments, text, field_name, search)
            root = field_name.split(".")[0].split("[")[0]
            span = span or ctx.module.span(node)
            passed = self.filled.values.get(root) if self.filled is not None else None
            if passed is not None and "." not in field_name and "[" not in field_name:
                out.extend(self.passed(field_name, span, *passed))
                continue
            scope = lowerer.scope_of(root)
            near = self._filled_nearby(root, node, ctx) if scope is Scope.UNKNOWN and \
                "." not in field_name and "[" not in field_name else None
            if near is not None:
                out.extend(self.passed(field_name, span, *near))
                continue
            out.append(Hole("value", "{" + field_name + "}", span, (root,), scope))
        return out

    def _filled_nearby(self, name: str, node, ctx):
        """What fills a placeholder whose filling call is not in view, read beside the
        text: a dict written in the function that writes the text, keyed by the
        placeholder (`run({"page_shape": shape, ...})`), or constant text bound to the
        placeholder's own name where the text is written (`{SUMMARY_SHAPE}` in a module
        that defines `SUMMARY_SHAPE`); None when neither is there."""
        import libcst as cst

        from .flow import END
        from .literals import dict_items, walk_body

        held, at = self.lowerer._held_at(node, ctx)
        if held is None:
            return None
        module = at.module
        if at.function is not None:
            def keyed() -> dict:
                found: dict = {}
                for inner in walk_body(at.function):
                    if isinstance(inner, cst.Dict):
                        for key, value in dict_items(inner).items():
                            found.setdefault(key, value)
                return found

            value = module.memo("dict keys", at.function, keyed).get(name)
            if value is not None:
                return value, replace(at, line=module.pos(value), depth=at.depth + 1)
        where = replace(at, line=END, depth=at.depth + 1) if at.function is not None else \
            replace(at, line=END, import_time=True, depth=at.depth + 1)
        resolved = self.lowerer.resolve(name, where)
        if not isinstance(resolved, tuple) or not isinstance(resolved[0], cst.BaseExpression):
            return None
        segments = self.lowerer.text(resolved[0], resolved[1])
        if segments and all(isinstance(s, Text) for s in segments):
            return resolved
        return None

    def _built_parts(self, node, ctx):
        """Content parts a comprehension builds, one per item it iterates: a hole varying as
        the items do, a media hole when each part is an image, audio or file."""
        import libcst as cst

        from .values import HoleItem

        hole = next(s for s in self.lowerer.text(node, ctx) if isinstance(s, Hole))
        if isinstance(node.elt, cst.Dict) and _media(dict_fields(node.elt)) is not None:
            hole = Hole("media", hole.expr, hole.span, hole.deps, hole.scope, hole.passed)
        return HoleItem(hole)

    def passed(self, name: str, span, value, ctx) -> list:
        """A placeholder filled where the template is invoked: the constant text passed, or
        a hole at the placeholder with the scope of the most volatile value passed."""
        segments = self.lowerer.text(value, ctx)
        written = sum(len(s.text) for s in segments if isinstance(s, Text))
        if all(isinstance(s, Text) for s in segments) and (
                written < PASSED_TEXT_CHARS or any(s.span is None for s in segments)):
            return [Text("".join(s.text for s in segments), span)]
        if written >= PASSED_TEXT_CHARS:
            # a prompt written elsewhere (`{"input": task_text(city, occasion)}`): its values
            # and its constant text, in its order, where each is written (instructions a
            # function returns, passed whole: sent here, not text measured on its own)
            return segments
        worst = max((s for s in segments if isinstance(s, Hole)),
                    key=lambda h: int(h.scope.varies_like))
        return [Hole("value", "{" + name + "}", span, worst.deps, worst.scope,
                     ctx.module.span(value))]

    def breakpoint_notes(self, blocks: list[Block]) -> list:
        """PFX013: a `cache_control` breakpoint after a volatile value, or a fifth one.
        Removes the breakpoint markers from the blocks."""
        from .values import Note

        notes = []
        volatile: Hole | None = None
        count = 0
        cleaned_blocks = []
        for block in blocks:
            kept = []
            for segment in block.segments:
                if isinstance(segment, Breakpoint):
                    count += 1
                    if count == 5:
                        notes.append(Note("PFX013", segment.span, "more than 4 cache_control "
                                          "breakpoints: Anthropic accepts at most 4"))
                    elif volatile is not None:
                        notes.append(Note("PFX013", segment.span, "cache_control breakpoint "
                                          f"after the {volatile.scope.label} value "
                                          f"'{volatile.expr}': the cached block differs per "
                                          f"{volatile.scope.label}, so it is written on every "
                                          "request and never read; put the breakpoint before "
                                          "the value"))
                    continue
                if isinstance(segment, Hole) and volatile is None \
                        and segment.scope is not Scope.UNKNOWN \
                        and segment.scope.varies_like >= Scope.DAY:
                    # (a value of unknown scope is PFX005's, whose fix is to declare it: a
                    # breakpoint after it is written per request only if it varies so)
                    volatile = segment
                kept.append(segment)
            cleaned_blocks.append(Block(block.role, tuple(kept)))
        blocks[:] = cleaned_blocks
        return notes


@dataclass(frozen=True)
class Breakpoint:
    """Where a `cache_control` marker sits among a block's segments (removed after checks)."""

    span: Span


def chain_of(node) -> str:
    """`client.chat.completions.create`, `ChatOpenAI().invoke`: a call's dotted callee."""
    import libcst as cst

    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{chain_of(node.value)}.{node.attr.value}"
    if isinstance(node, cst.Call):
        return chain_of(node.func) + "()"
    return "?"


def argument_of(node, argument: str):
    """A call's argument by keyword, or by position when `argument` is a number."""
    if argument.isdigit():
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        index = int(argument)
        return positional[index] if index < len(positional) else None
    return next((a.value for a in node.args if a.keyword is not None
                 and a.keyword.value == argument), None)


def dict_fields(node) -> dict:
    """The string keys of a dict literal and their value nodes."""
    import libcst as cst

    from .literals import literal_value

    return {k: e.value for e in node.elements if isinstance(e, cst.DictElement)
            for k in [literal_value(e.key)] if isinstance(k, str)}


def for_clauses(node):
    """The `for` clauses of a comprehension, outermost first."""
    clause = node.for_in
    while clause is not None:
        yield clause
        clause = clause.inner_for_in


def list_parents(node, module):
    """A node's enclosing nodes, innermost first."""
    current = module.parents.get(id(node))
    while current is not None:
        yield current
        current = module.parents.get(id(current))


# What a Gemini part that is not text sends (`Part.from_bytes(data=...)`,
# `Part.from_uri(file_uri=...)`, `Part(inline_data=...)`).
_SENT_PART_FIELDS = ("data", "file_uri", "uri", "inline_data", "file_data")
# Content parts that are not text (OpenAI `image_url`, `input_audio`, `file`, the Responses
# API's `input_file` with its `file_id`; Anthropic `image`, `document` with a `source`), and
# the keys that hold what they send.
MEDIA_PARTS = ("image_url", "image", "input_audio", "file", "file_id", "document", "source",
               "video_url", "video", "audio_url", "audio", "file_data", "file_url")
MEDIA_VALUES = ("url", "data", "file_data", "file_id", "source")


_PART_MAKERS = ("from_bytes", "from_uri", "from_data", "from_text", "from_image", "Part")


def _gemini_part(node, name: str, keywords: set) -> bool:
    """Whether a call makes a Gemini part (`types.Part.from_bytes(data=..., mime_type=...)`,
    `Part(inline_data=...)`): by its name under `Part`, or `Part` itself."""
    import libcst as cst

    func = node.func
    under_part = isinstance(func, cst.Attribute) and name != "Part" and \
        chain_of(func.value).rsplit(".", 1)[-1] == "Part"
    return (name == "Part" and bool(keywords & {"text", *_SENT_PART_FIELDS})) or \
        (under_part and name in _PART_MAKERS)


def _media(fields: dict):
    """The value an image, audio or file content part sends (its URL or data), or None."""
    import libcst as cst

    for key in MEDIA_PARTS:
        value = fields.get(key)
        for _ in range(4):
            if not isinstance(value, cst.Dict):
                break
            inner = dict_fields(value)
            value = next((inner[k] for k in MEDIA_VALUES if k in inner), None)
        if value is not None and not isinstance(value, cst.Dict):
            return value
    return None


def _kept_turns(message):
    """Messages a session keeps, spread among a request's (`*history` of `[{"role": ...}
    for m in full_history]` a web socket loaded once): the conversation so far, whatever
    its name's first words say (`full_history`, `stored_turns`)."""
    if message.role != "messages" or len(message.segments) != 1:
        return message
    hole = message.segments[0]
    if not isinstance(hole, Hole) or hole.kind == "branch" or not hole.deps or \
            hole.scope is not Scope.SESSION or \
            any(is_history(d) or d.endswith(".window") for d in hole.deps):
        return message  # (a window of the last turns slides: see `flow.windowed`)
    return replace(message, segments=replayed_turn([hole]))  # (marked as a replayed turn's)
