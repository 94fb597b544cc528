"""Which calls of a module send a prompt, and what each passes: a call a library model
matches (by its dotted chain and qualified name, the most specific model first), a sink the
user named, a JSON body posted over HTTP, or a prompt-ish keyword passed into code not in
view (inferred). The result is a `Site`; lowering it to a prompt is `sinks.py`'s job."""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from .calls import RETURNING, submitted
from .messages import argument_of, chain_of, dict_fields

# Keywords that carry a prompt into code whose body is not in view, in the order such code
# usually sends them, with the role each gets.
INFERRED_ROLES = {"tools": "tools", "system": "system", "system_prompt": "system",
                  "system_message": "system", "instructions": "system", "context": "context",
                  "messages": "messages", "prompt": "user", "user_prompt": "user"}


# A method that sends its text to the model, and the words that name an object as one
# (`llm.predict(prompt)`, `self.chat_llm.complete(text)`): see `_positional_prompt`.
_GENERATING = frozenset({"predict", "apredict", "complete", "acomplete", "invoke", "ainvoke",
                         "generate", "agenerate", "stream", "astream", "chat", "achat",
                         "call", "ask", "run"})
_LLM_WORDS = frozenset({"llm", "lm", "llms"})
# Methods that keep the messages or text they are given rather than send them (a memory
# store's `memory.add(messages, user_id=...)`, `history.store(messages)`).
STORING = frozenset({"add", "store", "upsert", "remember", "memorize", "persist", "record",
                      "put", "push", "write"})


def stored(call) -> bool:
    """A call of a store's method (`memory.add(...)`), which keeps what it is given."""
    import libcst as cst

    return isinstance(call.func, cst.Attribute) and call.func.attr.value in STORING


# The names a method's parameter holding a conversation goes by (`def chat(self,
# chat_history): return self._llm(chat_history)`)
_CHAT_PARAMETERS = frozenset({"messages", "chat_messages", "chat_history", "conversation",
                              "message_history", "history_messages"})


def _names_llm(name: str) -> bool:
    """Whether a name says its object is a language model (`llm`, `self.chat_llm`)."""
    return bool(_LLM_WORDS.intersection(name.lower().split("_")))


# What a function named for a language model does when it sends to one (`query_llm`,
# `call_gpt`, `ask_llm`), as opposed to `count_llm_tokens` or `llm_cache`.
_ASKING = frozenset({"query", "ask", "call", "chat", "complete", "completion", "generate",
                     "invoke", "run", "prompt", "request", "send"})


def _asks_llm(chain: str) -> bool:
    """Whether a function's own name says it sends to a language model (`query_llm`,
    `utils.call_gpt`): a word for one and a word for asking it."""
    words = set(chain.rsplit(".", 1)[-1].lower().split("_"))
    return bool(words & (_LLM_WORDS | {"gpt"})) and bool(words & _ASKING)


def generated(node) -> bool:
    """Whether a call asks a language model for text: an object named as one called
    (`self.model(messages)`, `llm(prompt)`) or a generating method of it
    (`self.chat_llm.invoke(messages)`). What it returns is new for every request."""
    import libcst as cst

    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value in RETURNING:
        # `asyncio.to_thread(llm.invoke, messages)`: the function a thread runs
        found = submitted(node)
        return found is not None and generated(cst.Call(found[0]))
    if isinstance(func, cst.Attribute) and func.attr.value in _GENERATING:
        func = func.value
    if not isinstance(func, (cst.Name, cst.Attribute)):
        return False
    name = func.value if isinstance(func, cst.Name) else func.attr.value
    return _names_llm(name) or name.lower() in ("model", "chat_model")


# Modules whose functions only read a chat they are given (`json.dumps(messages)`).
_READERS = frozenset({"builtins", "json", "simplejson", "ujson", "rapidjson", "orjson", "copy",
                      "pprint", "logging", "pickle", "yaml", "rich", "st", "streamlit",
                      "typing"})


@dataclass
class Site:
    """A prompt call site: its node, sink kind, keyword arguments, and where to read them.

    `contexts` gives the context of keywords that came from elsewhere (`**params`); `base`
    and `origin` are set for a wrapper's sink evaluated for one of its callers: the context
    with the caller's arguments bound, and the caller's call (where the prompt is sent from).
    """

    node: object
    kind: str
    keywords: dict
    contexts: dict = field(default_factory=dict)
    base: object = None
    origin: object = None
    model: object = None  # the library model (models.SinkModel) the site matched


def context_at(module, node):
    """The context an expression of a module is read in: its function, its place in
    statement order, the `if` arms around it; import time at module level."""
    from .flow import module_loop
    from .sources import reruns
    from .values import Context

    function = module.enclosing_function(node)
    line = _read_at(module, node)
    once = function is None and module_loop(module.loops, line) is None and \
        not reruns(module)
    return Context(module, function, line, import_time=once, arms=module.arms(node))


def _read_at(module, node) -> int:
    """Where an expression reads its names: an assignment's value before the names the
    assignment binds (`msgs = [system] + msgs` reads the `msgs` of before)."""
    import libcst as cst

    node = module.placed(node)
    child, current = node, module.parents.get(id(node))
    while current is not None and not isinstance(current, (cst.BaseStatement, cst.Lambda)):
        if isinstance(current, (cst.Assign, cst.AugAssign, cst.AnnAssign)) and \
                child is current.value:
            return module.pos(current)
        if isinstance(current, cst.BaseSmallStatement):
            break
        child, current = current, module.parents.get(id(current))
    return module.pos(node)


_MAKER_HOPS = 3  # project factories followed back to the library call that made an object
# Methods that return the object they are called on, configured (LangChain's runnables:
# `llm.bind_tools(tools)` sends what `llm` would, with the tools): its maker is the object's.
_RECONFIGURED = frozenset({"bind_tools", "with_structured_output", "bind", "with_config",
                           "with_retry"})
# What a prompt template returns when it is filled (LangChain's `ChatPromptTemplate`).
_TEMPLATE_OUTPUTS = frozenset({"invoke", "ainvoke", "format_messages", "aformat_messages",
                               "format_prompt", "aformat_prompt"})


class SiteClassifier:
    """Recognises the prompt call sites of one module."""

    def __init__(self, project, module, lowerer) -> None:
        import libcst as cst

        self.cst = cst
        self.project = project
        self.module = module
        self.lowerer = lowerer

    def spread(self, node) -> tuple[dict, dict]:
        """Keyword arguments, with those a `**params` mapping built in code passes."""
        keywords = {a.keyword.value: a.value for a in node.args if a.keyword is not None}
        contexts: dict = {}
        spreads = [a.value for a in node.args if a.star == "**"]
        if spreads:
            ctx = context_at(self.module, node)
            for spread in spreads:
                for key, value, value_ctx in self.lowerer.spread(spread, ctx):
                    if key not in keywords:
                        keywords[key] = value
                        contexts[key] = value_ctx
        return keywords, contexts

    def classify(self, node) -> Site | None:
        """The sink a call is, by the library models (the user's first), then by the
        user's plain `python.sinks` names."""
        func = node.func
        if isinstance(func, self.cst.IfExp):  # `(AsyncAgent if use_async else Agent)(...)`
            func = func.body
        if isinstance(func, self.cst.Subscript) and \
                isinstance(func.value, (self.cst.Name, self.cst.Attribute)) and \
                chain_of(func.value).rsplit(".", 1)[-1][:1].isupper():
            func = func.value  # `Agent[Any](...)`: the generic class, made with a type
        chain = chain_of(func)
        qualified = self.module.qualname(func) or ""
        keywords = {a.keyword.value for a in node.args if a.keyword is not None}
        site = self._by_models(node, chain, qualified, keywords) or \
            self._called_object(node, keywords)
        if site is not None:
            return site
        for base in self._library_bases(func) or self._super_bases(node):
            # a project class deriving from a library's, made (`FrontDesk(...)`) or making
            # itself (`super().__init__(instructions=...)` in its `__init__`)
            site = self._by_models(node, base, base, keywords)
            if site is not None:
                return site
        # a method named by its class (`Client.ask`): the receiver's class is looked up only
        # when a sink ends in the method's name
        method = node.func.attr.value if isinstance(node.func, self.cst.Attribute) else ""
        names = self._method_names(node) if method and any(
            s.partition(":")[0].rsplit(".", 1)[-1] == method for s in self.project.sinks) \
            else ()
        for sink in self.project.sinks:
            name, _, argument = sink.partition(":")
            if qualified == name or chain == name or chain.endswith("." + name) or \
                    name in names:
                value = argument_of(node, argument or "messages")
                if value is None and not argument and node.args and node.args[0].keyword is None:
                    value = node.args[0].value
                if value is None:
                    continue
                if argument in ("", "messages") and not self._text(value, node):
                    return Site(node, "messages", {"messages": value})
                return Site(node, "agent", {"system": value})
        return self.inferred(node, keywords)

    def _by_models(self, node, chain: str, qualified: str, keywords: set) -> Site | None:
        """The site of the most specific library model a call matches (the user's win a
        tie), by its attribute chain and qualified name."""
        by_name = self.project.models_by_name
        last = chain.rsplit(".", 1)[-1]
        candidates = by_name.get(last, []) + by_name.get("*", [])
        if qualified and qualified.rsplit(".", 1)[-1] != last:
            candidates += by_name.get(qualified.rsplit(".", 1)[-1], [])
        method = node.func.attr.value if isinstance(node.func, self.cst.Attribute) else ""
        makers: list[str] = []
        if any(m.methods for _, m in candidates):
            made_by = self._made_by(node)
            makers = [made_by] if made_by else self._own_library_bases(node)
        ranked = sorted({(max((m.instance_specificity(made, method, keywords)
                               for made in makers), default=0) if m.methods
                          else m.specificity(chain, qualified, keywords), -index): m
                         for index, m in candidates}.items(),
                        key=lambda pair: pair[0], reverse=True)
        own: bool | None = None  # whether the call runs a method of the project's own
        for (score, _), model in ranked:
            if score <= 0:
                break
            if score < 100 and isinstance(node.func, self.cst.Attribute):
                # matched by its name alone (`chat` of any client): a project object's own
                # method of that name is the project's client, followed as a wrapper
                if own is None:
                    own = self.lowerer._function_of(node, context_at(self.module, node)) \
                        is not None
                if own:
                    continue
            site = self.modelled(model, node)
            if site is not None:
                return site
        return None

    def _library_bases(self, func) -> list[str]:
        """For a call of a project class (`PlannerAgent(...)`), the qualified names of the
        classes outside the project it derives from, nearest first, through project base
        classes (mixins included) at most four deep."""
        if not isinstance(func, (self.cst.Name, self.cst.Attribute)) or \
                not chain_of(func).rsplit(".", 1)[-1][:1].isupper():
            return []
        return self._bases_outside(self.lowerer._class_named(func, context_at(self.module,
                                                                               func)))

    def _own_library_bases(self, node) -> list[str]:
        """For a method called on `self` (`self.update_instructions(text)` in a class
        deriving from a library's agent), the library classes the object's class derives
        from, as `_library_bases` finds them."""
        receiver = node.func.value if isinstance(node.func, self.cst.Attribute) else None
        function = self.module.enclosing_function(node)
        params = function.params.params if function is not None else ()
        if not isinstance(receiver, self.cst.Name) or not params or \
                params[0].name.value != receiver.value:
            return []
        return self._enclosing_bases(node)

    def _super_bases(self, node) -> list[str]:
        """For `super().__init__(...)` in a method of a project class, the library classes
        that class derives from (`_bases_outside`)."""
        func = node.func
        if not (isinstance(func, self.cst.Attribute) and func.attr.value == "__init__" and
                isinstance(func.value, self.cst.Call) and
                isinstance(func.value.func, self.cst.Name) and
                func.value.func.value == "super"):
            return []
        return self._enclosing_bases(node)

    def _enclosing_bases(self, node) -> list[str]:
        """The library classes the class whose method holds `node` derives from."""
        function = self.module.enclosing_function(node)
        info = self.module.owner.get(id(function)) if function is not None else None
        return self._bases_outside((info, self.module)) if info is not None else []

    def _bases_outside(self, found) -> list[str]:
        """The qualified names of the classes outside the project that a project class
        ((ClassInfo, Module), or None) derives from, nearest first, through project base
        classes at most four deep."""
        out: list[str] = []
        pending = [found] if found is not None else []
        seen: set[int] = set()
        for _ in range(4):
            following = []
            for info, module in pending:
                if id(info) in seen:
                    continue
                seen.add(id(info))
                for base in info.node.bases:
                    inner = self.lowerer._class_named(base.value, context_at(module, base.value))
                    if inner is not None:
                        following.append(inner)
                    else:
                        name = module.qualname(base.value)
                        if name and name not in out:
                            out.append(name)
            pending = following
        return out

    def _text(self, value, node) -> bool:
        """Whether what a user sink is given is prompt text (a string built in code) rather
        than a message list: `ask(f"..." + POLICY)` sends one prompt."""
        cst = self.cst
        found = self.lowerer.follow(value, context_at(self.module, node))
        made = found[0] if found is not None else value
        if isinstance(made, cst.BinaryOperation):
            made = made.left
            while isinstance(made, cst.BinaryOperation):
                made = made.left
        return isinstance(made, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString))

    def _method_names(self, node) -> tuple[str, ...]:
        """For `obj.method(...)` on an instance of a project class: the method's qualified
        name (`myco.llm.Client.ask`) and its class-qualified one (`Client.ask`), as a
        user names a sink in `python.sinks`."""
        func = node.func
        if not isinstance(func, self.cst.Attribute):
            return ()
        made = self.lowerer.instance(func.value, context_at(self.module, node))
        if made is None:
            return ()
        cls = made.info.node.name.value
        dotted = made.module.path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        method = func.attr.value
        return (f"{dotted}.{cls}.{method}", f"{cls}.{method}")

    def inferred(self, node, keywords) -> Site | None:
        """A prompt-ish keyword passed into code not in view (an installed or unknown
        library): a prompt whose roles come from the keywords. Kept only when what it
        passes is a message list or reads as a prompt (see `_build_one`)."""
        if stored(node):
            return None  # kept by a store, not sent
        present = [k for k in INFERRED_ROLES if k in keywords]
        chat = None if present else self._positional_chat(node)
        text = None if present or chat is not None else self._positional_prompt(node)
        if not present and chat is None and text is None:
            return None
        ctx = context_at(self.module, node)
        if self.lowerer._function_of(node, ctx) is not None or \
                self.lowerer._class_named(node.func, ctx) is not None:
            return None  # the project's own function, or an object of a class in view
        if self._read_by_model(node):
            return None  # an options object a library's sink reads (measured there)
        found = {k: argument_of(node, k) for k in present} if present else \
            {"messages": chat} if chat is not None else {"prompt": text}
        first = node.args[0] if node.args else None
        if present and "messages" not in found and first is not None and \
                first.keyword is None and not first.star and \
                isinstance(first.value, (self.cst.List, self.cst.BinaryOperation)) and \
                self._written_chat(first.value, node):
            # `complete(messages + [{"role": "user", ...}], system="planner")`: the chat
            # written at the call, after what the keywords give
            found["messages"] = first.value
        return Site(node, "inferred", found)

    def _read_by_model(self, node) -> bool:
        """Whether a call makes an options object that a library model reads a field of
        (`options = ClaudeAgentOptions(system_prompt=...)`, then `query(prompt=q,
        options=options)` or `ClaudeSDKClient(options=options)`): passed, in the same
        function, by the keyword the model reads it through to a call the model matches."""
        import fnmatch

        readers = self.project.option_keywords
        if not readers:
            return False
        scope = self.module.enclosing_function(node) or self.module.tree
        passed = self.module.memo("options passed", scope,
                                  lambda: _PassedOn.of(scope, frozenset(readers)))
        names = passed.names.get(id(node), ())
        for call, keyword, value in passed.calls:
            if not (value is node or isinstance(value, cst.Name) and value.value in names):
                continue
            qualified = self.module.qualname(call.func) or ""
            chain = chain_of(call.func) if isinstance(
                call.func, (self.cst.Name, self.cst.Attribute)) else ""
            for model in readers[keyword]:
                if model.matches(chain, qualified, {keyword}) or qualified and any(
                        fnmatch.fnmatchcase(qualified, q) for q in model.qualified):
                    return True
        return False

    def _positional_prompt(self, node):
        """`llm.predict(query)`, `self.llm.complete(prompt)`: prompt text built in code,
        passed first and alone by position to a generating method of an object its name
        says is a language model, whose class is not in view (a parameter typed loosely, a
        framework's model). The text is the user's message."""
        cst = self.cst
        func = node.func
        positional = [a for a in node.args if a.keyword is None] or \
            [a for a in node.args if a.keyword is not None and a.keyword.value == "text"][:1]
        # (`llm.apredict(text=...)`: LangChain's `predict` names its one argument `text`)
        if positional and not positional[0].star and _asks_llm(chain_of(func)):
            # `query_llm(f"You are a {language} tutor ...", phrase)`: a function its name
            # says asks a language model, given the instructions first
            value = positional[0].value
            return value if self._text(value, node) else None
        if not isinstance(func, cst.Attribute) or func.attr.value not in _GENERATING or \
                len(positional) != 1 or positional[0].star:
            return None
        receiver = chain_of(func.value).rsplit(".", 1)[-1]
        if not _names_llm(receiver):
            return None
        value = positional[0].value
        found = self.lowerer.follow(value, context_at(self.module, node))
        made = found[0] if found is not None else value
        if isinstance(made, cst.Call) and isinstance(made.func, cst.Attribute) and \
                made.func.attr.value == "format":  # `TEMPLATE.format(context=...)`
            return value
        return value if self._text(value, node) else None

    def _positional_chat(self, node):
        """`model(messages)`, `llm.generate(history)`: a name bound to a list of role
        messages, passed first and alone by position into code not in view, sends that chat
        as it stands at the call (appends included). Python's own functions and modules
        (`len`, `json.dumps`, `copy.deepcopy`), loggers and token counters only read it."""
        cst = self.cst
        positional = [a for a in node.args if a.keyword is None]
        if len(positional) == 1 and not positional[0].star and \
                isinstance(positional[0].value, (cst.List, cst.BinaryOperation)) and \
                isinstance(node.func, cst.Attribute) and node.func.attr.value in _GENERATING:
            # `agent.invoke([system_msg] + list(state["messages"]))`: a chat written at the
            # call, given to a generating method of an object not in view
            return positional[0].value if self._written_chat(positional[0].value, node) \
                else None
        generating = isinstance(node.func, cst.Attribute) and \
            node.func.attr.value in _GENERATING
        if len(positional) == 1 and not positional[0].star and generating and \
                self._returned_chat(positional[0].value, context_at(self.module, node)):
            # `llm.invoke(await apply_prompt_template("planner", state))`: the chat a project
            # helper builds and returns, sent as the caller's arguments make it
            return positional[0].value
        if len(positional) != 1 or positional[0].star or \
                not isinstance(positional[0].value, cst.Name):
            return None
        qualified = self.module.qualname(node.func) or chain_of(node.func)
        words = qualified.lower().replace("_", ".").split(".")
        if qualified.partition(".")[0] in _READERS or \
                any(w.startswith(("log", "print", "token", "count", "len", "dump", "save",
                                  "append", "extend", "insert", "copy")) for w in words):
            return None
        from .sinks import _has_role_dict
        from .values import Parts

        held = self.lowerer.resolve(positional[0].value.value, context_at(self.module, node))
        if held == "param" and positional[0].value.value in _CHAT_PARAMETERS and \
                isinstance(node.func, (cst.Name, cst.Attribute)) and \
                _names_llm(chain_of(node.func).rsplit(".", 1)[-1]):
            # `def think(self, messages): return self.llm(messages).content`: the messages a
            # method is given, handed to its language model (a client of its callers)
            return positional[0].value
        if isinstance(held, Parts) and held.parts and held.parts[0][0] == "=":
            held = held.parts[0][1:]  # `messages = [...]`, then appends
        if generating and isinstance(held, tuple) and self._returned_chat(*held):
            return positional[0].value  # `messages = build_messages(...)`, then sent
        if not isinstance(held, tuple) or not isinstance(held[0], cst.List) or \
                not _has_role_dict(held[0]):
            return None
        return positional[0].value

    def _returned_chat(self, value, ctx) -> bool:
        """Whether an expression calls a project function whose last return is a list of
        role messages it writes (`return [{"role": "system", ...}] + state["messages"]`),
        awaited or not."""
        from .sinks import _has_role_dict

        cst = self.cst
        if isinstance(value, cst.Await):
            value = value.expression
        if not isinstance(value, cst.Call):
            return False
        returned = self.lowerer.last_return(value, ctx, bound=False)
        if returned is None:
            return False
        written = returned[0]
        while isinstance(written, cst.BinaryOperation) and isinstance(written.operator, cst.Add):
            written = written.left
        return isinstance(written, cst.List) and _has_role_dict(written)

    def _written_chat(self, value, node) -> bool:
        """Whether a list written at a call (`[system_msg] + history`) holds a message of
        the prompt's own: a role dict or a message object, by itself or through a name."""
        from .sinks import _sent_message

        ctx = context_at(self.module, node)
        items = self.lowerer.sequence(value, ctx) or []
        for item, item_ctx in items:
            found = self.lowerer.follow(item, item_ctx) if isinstance(item, self.cst.Name) \
                else None
            if _sent_message(found[0] if found is not None else item):
                return True
        return False

    def _embedding_endpoint(self, node, keywords: dict, ctx) -> bool:
        """Whether a post goes to an embeddings endpoint (Ollama's `/api/embeddings` and
        `/api/embed`, OpenAI-compatible `/v1/embeddings`): its `prompt` or `input` is text to
        embed, not a prompt. Known when the URL's constant text says so."""
        from ...ir import Text

        url = keywords.get("url")
        if url is None and node.args and node.args[0].keyword is None:
            url = node.args[0].value
        if url is None:
            return False
        return any(isinstance(s, Text) and "/embed" in s.text.lower()
                   for s in self.lowerer.text(url, ctx))

    def _made_by(self, node) -> str:
        """The qualified name of the class whose call made the object a method is called on
        (`generator = OllamaGenerator(...)` beside it, or `self.generator` set in
        `__init__`), else the attribute chain of the call that made it (`chat =
        self.client.chats.create(...)`); "" when that is not in view."""
        receiver = node.func.value if isinstance(node.func, self.cst.Attribute) else None
        if receiver is None:
            return ""
        made = self._maker(node)
        ctx = context_at(self.module, node)
        if made is None and isinstance(receiver, self.cst.Name) and ctx.function is not None:
            # `def generate(model: GenerativeModel, contents)`: the class it is annotated with
            from .literals import param_annotation

            annotation = param_annotation(ctx.function, receiver.value)
            if not isinstance(annotation, (self.cst.Name, self.cst.Attribute)):
                return ""
            return self.module.qualname(annotation) or ""
        if made is None:
            return ""
        maker, maker_ctx = made
        return maker_ctx.module.qualname(maker.func) or (
            chain_of(maker.func) if isinstance(maker.func, self.cst.Attribute) else "")

    def _called_object(self, node, keywords: set) -> Site | None:
        """`agent(prompt)` of an object a library class made (Strands' `agent =
        Agent(system_prompt=...)`, or one a project factory returns): the model of calling
        it (`methods = ["__call__"]`). Looked for only in modules that import the library."""
        models = self.project.models_by_name.get("__call__")
        if not models or not isinstance(node.func, (self.cst.Name, self.cst.Attribute)):
            return None
        imported = self.module.memo("imported roots", self.module, lambda: frozenset(
            qualified.partition(".")[0] for qualified, _ in self.module.imports.values()))
        models = [m for _, m in models if any(q.partition(".")[0] in imported
                                              for q in m.qualified)]
        if not models:
            return None
        made = self._maker(node, node.func)
        if made is None:
            return None
        maker, maker_ctx = made
        made_by = maker_ctx.module.qualname(maker.func) or ""
        for model in models:
            if model.instance_specificity(made_by, "__call__", keywords):
                site = self.modelled(model, node)
                if site is not None:
                    return site
        return None

    def _maker(self, node, receiver=None):
        """The call that made the object a method is called on (or `receiver`), with the
        context to read its arguments in; None when that is not in view."""
        if receiver is None and isinstance(node.func, self.cst.Attribute):
            receiver = node.func.value
        if receiver is None:
            return None
        ctx = context_at(self.module, node)
        # `ChatOpenAI(model=...).invoke(messages)`: the object made where it is called
        found = (receiver, ctx) if isinstance(receiver, self.cst.Call) else \
            self.lowerer.follow(receiver, ctx, attributes=True)
        for _ in range(_MAKER_HOPS):
            if found is None or not isinstance(found[0], self.cst.Call):
                return None
            func = found[0].func
            if isinstance(func, self.cst.Attribute) and func.attr.value in _RECONFIGURED:
                # `llm.bind_tools(tools)`: the same model, configured; what made `llm`
                found = (func.value, found[1]) if isinstance(func.value, self.cst.Call) else \
                    self.lowerer.follow(func.value, found[1], attributes=True)
                continue
            # `team = build_team(model)`: the object the project's factory returns
            returned = self.lowerer.last_return(found[0], found[1])
            if returned is None:
                return found
            found = self.lowerer.follow(returned[0], returned[1], attributes=True)
        return None

    def modelled(self, model, node) -> Site | None:
        """A call a library model matched, with the arguments its roles name."""
        lowering = model.lowering
        if lowering == "prompty":
            return Site(node, "prompty", {}, model=model)
        if lowering == "guidance":  # `with user(): lm += gen("answer")`
            from .guidance import site as guidance_site

            return guidance_site(self, node, model)
        if lowering == "template-file":
            return Site(node, "template-file", {"template": node}, model=model) \
                if node.args else None
        keywords, contexts = self.spread(node)
        if lowering == "http":
            return self.http(model, node, keywords, contexts)
        if lowering == "argv":  # `subprocess.run(["claude", "-p", prompt])`
            from .command_lines import command_site

            return command_site(self, model, node, keywords, contexts)
        spreads = [a.value for a in node.args if a.star == "**"]
        if spreads and "messages" not in keywords:
            at = context_at(self.module, node)
            gathered = next((s for s in spreads if self._gathered(s, at)), None)
            if gathered is not None:  # `def _send(self, **params): client.chat.complete(
                # **params)`: the messages its callers pass by keyword
                keywords["messages"] = self._messages_entry(gathered)
        found: dict = {}
        found_contexts: dict = {}
        for spec, role in model.arguments:
            value, value_ctx = self.argument_value(node, spec, keywords, contexts)
            if value is not None and role == "messages" and \
                    self._template_output(value, value_ctx or context_at(self.module, node)):
                return None  # measured where the template is filled, as that template's
            if value is not None and role == "user" and \
                    self._chat_template_output(value, value_ctx or context_at(self.module, node)):
                return None  # `generate(model, tokenizer, tokenizer.apply_chat_template(...))`
            if value is not None:
                found[spec] = value
                if value_ctx is not None:
                    found_contexts[spec] = value_ctx
        if not found and not model.preamble:  # a library's default prompt needs no argument
            return None
        if lowering == "jinja":
            value = next(iter(found.values()))
            if not isinstance(value, (self.cst.SimpleString, self.cst.ConcatenatedString,
                                      self.cst.Name)):
                return None
            return Site(node, "jinja", {"template": value}, model=model)
        return Site(node, lowering, found, found_contexts, model=model)

    def _chat_template_output(self, value, ctx) -> bool:
        """Whether a text prompt is what a tokenizer's chat template made of role messages
        (`prompt = tokenizer.apply_chat_template(messages, ...)`): that prompt is measured
        where the template is applied, with its messages, not again as one opaque text."""
        found = self._held(value, ctx)
        call = found[0] if found is not None else None
        return isinstance(call, self.cst.Call) and \
            isinstance(call.func, self.cst.Attribute) and \
            call.func.attr.value == "apply_chat_template"

    def _held(self, value, ctx):
        """What a name holds (followed, attributes too), or the value itself, with its
        context; None when a name cannot be followed."""
        return self.lowerer.follow(value, ctx, attributes=True) \
            if isinstance(value, self.cst.Name) else (value, ctx)

    def _template_output(self, value, ctx) -> bool:
        """Whether a value is what a prompt template makes when it is filled (`chat.invoke(
        {...})`, `chat.format_messages(...)`, `template.format(...)` of a `PromptTemplate`):
        that prompt is measured at the template's own sink, not again where it is sent."""
        found = self._held(value, ctx)
        call = found[0] if found is not None else None
        if not (isinstance(call, self.cst.Call) and isinstance(call.func, self.cst.Attribute)):
            return False
        method = call.func.attr.value
        if method in _TEMPLATE_OUTPUTS:
            return True
        if method != "format":
            return False
        receiver = self._held(call.func.value, found[1])
        maker = receiver[0] if receiver is not None else None
        return isinstance(maker, self.cst.Call) and \
            "PromptTemplate" in (receiver[1].module.qualname(maker.func) or chain_of(maker.func))

    def argument_value(self, node, spec: str, keywords: dict, contexts: dict):
        """The value a model's argument spec names: `name|0` (keyword, else position),
        `config.system_instruction` (a keyword of the call or key of the dict passed as
        `config`); with the context to read it in when it came from elsewhere."""
        cst = self.cst
        for alternative in spec.split("|"):
            head, _, rest = alternative.partition(".")
            if head == "made":  # an argument of the call that made the object (`made.history`)
                made = self._maker(node)
                if made is None:
                    continue
                maker, value_ctx = made
                head, _, rest = rest.partition(".")
                value = argument_of(maker, head)
            elif head.isdigit():
                value, value_ctx = argument_of(node, head), None
            else:
                value, value_ctx = keywords.get(head), contexts.get(head)
            if value is None:
                continue
            while rest:
                key, _, rest = rest.partition(".")
                at = value_ctx or context_at(self.module, node)
                followed = self.lowerer.follow(value, at) if isinstance(value, cst.Name) \
                    else (value, at)
                if followed is None:
                    return None, None
                value, value_ctx = followed
                if isinstance(value, cst.Call):
                    value = argument_of(value, key)
                elif isinstance(value, cst.Dict):
                    value = dict_fields(value).get(key)
                else:
                    value = None
                if value is None:
                    break
            if value is not None:
                return value, value_ctx
        return None, None

    def http(self, model, node, keywords: dict, contexts: dict) -> Site | None:
        """A JSON body posted over HTTP: `json=body`, or `data=json.dumps(body)` (`content=`;
        `body=`, as Bedrock's `invoke_model` takes it); a prompt when the body has a key the
        model gives a role."""
        cst = self.cst
        body = keywords.get("json")
        if body is None:
            body = next((keywords[k] for k in ("data", "content", "body") if k in keywords), None)
            if body is None and node.args and len(node.args) > 1 and node.args[1].keyword is None:
                body = node.args[1].value  # urllib.request.Request(url, data)
            while isinstance(body, cst.Call) and isinstance(body.func, cst.Attribute) and \
                    body.func.attr.value == "encode":
                body = body.func.value
            if isinstance(body, cst.Name):
                followed = self.lowerer.follow(body, context_at(self.module, node))
                body = followed[0] if followed is not None else body
            if not (isinstance(body, cst.Call) and chain_of(body.func).endswith("dumps")
                    and body.args):
                return None
            body = body.args[0].value
        ctx = contexts.get("json") or context_at(self.module, node)
        if self._embedding_endpoint(node, keywords, ctx):
            return None  # `{"model": ..., "prompt": text}` to /api/embeddings: no prompt
        found: dict = {}
        found_contexts: dict = {}
        roles = dict(model.body)
        for key, value, value_ctx in self.lowerer.spread(body, ctx):
            if key in roles and key not in found:
                found[key] = value
                found_contexts[key] = value_ctx
        if not found and self._gathered(body, ctx):
            # `async def post(**kwargs): ... json=kwargs`: the body is the keywords a caller
            # passes, so the function is a client of the endpoint, called with `messages=`
            found["messages"] = self._messages_entry(body)
        if not found:
            return None
        return Site(node, "http", found, found_contexts, model=model)

    def _messages_entry(self, gathered):
        """`kwargs["messages"]` of a function's `**kwargs`, made as standing at `kwargs`:
        the messages its callers pass by keyword."""
        cst = self.cst
        key = self.module.made(cst.SimpleString('"messages"'), gathered)
        return self.module.made(cst.Subscript(gathered, [cst.SubscriptElement(
            self.module.made(cst.Index(key), gathered))]), gathered)

    def _gathered(self, body, ctx) -> bool:
        """Whether `body` is the `**keywords` parameter of the function it is read in, not
        bound by a call being followed."""
        cst = self.cst
        function = ctx.function
        star = function.params.star_kwarg if function is not None else None
        return isinstance(body, cst.Name) and isinstance(star, cst.Param) and \
            star.name.value == body.value and body.value not in ctx.bindings


class _PassedOn(cst.CSTVisitor):
    """A function's (or module's) calls given a keyword a model reads an options object
    through (`options=options`), and the names its assignments bind to each call, so that
    the options objects of many calls are found in one walk."""

    def __init__(self, keywords: frozenset[str]) -> None:
        self.keywords = keywords
        self.names: dict[int, set[str]] = {}  # id of an assigned call → its names
        self.calls: list = []  # (call, keyword, value passed)

    @classmethod
    def of(cls, scope: cst.CSTNode, keywords: frozenset[str]) -> "_PassedOn":
        found = cls(keywords)
        scope.visit(found)
        return found

    def visit_Assign(self, node: cst.Assign) -> None:
        if isinstance(node.value, cst.Call):
            self.names.setdefault(id(node.value), set()).update(
                t.target.value for t in node.targets if isinstance(t.target, cst.Name))

    def visit_Call(self, node: cst.Call) -> None:
        self.calls.extend((node, arg.keyword.value, arg.value) for arg in node.args
                          if arg.keyword is not None and arg.keyword.value in self.keywords)
