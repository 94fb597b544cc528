"""Where a prompt is sent, when the code says: the provider whose cache rules apply, guessed
from the SDK a call goes through, and the model it names.

An OpenAI client with no `base_url` (or one at api.openai.com) is OpenAI's API; one with any
other `base_url` is a self-hosted engine or another API, not known here. An Anthropic client
is Anthropic's API (AnthropicBedrock: Bedrock's). LiteLLM says by its model name. Nothing is
guessed where the client is not in view: the run's provider setting then applies.
"""

from __future__ import annotations

import fnmatch

import libcst as cst

from ...providers import MODEL_FAMILIES
from .literals import literal_value

# Client classes by qualified name, and the provider each sends to.
CLIENTS = {"openai.OpenAI": "openai", "openai.AsyncOpenAI": "openai",
           "openai.AzureOpenAI": "openai", "openai.AsyncAzureOpenAI": "openai",
           "anthropic.Anthropic": "anthropic", "anthropic.AsyncAnthropic": "anthropic",
           "anthropic.AnthropicVertex": "anthropic", "anthropic.AsyncAnthropicVertex": "anthropic",
           "anthropic.AnthropicBedrock": "bedrock", "anthropic.AsyncAnthropicBedrock": "bedrock"}
# Hosted APIs an OpenAI client's `base_url` can name.
HOSTS = (("api.openai.com", "openai"), (".openai.azure.com", "openai"),
         ("api.deepseek.com", "deepseek"))
# Libraries whose every call goes to one provider.
LIBRARIES = {"google_genai": "gemini", "bedrock": "bedrock"}
# LiteLLM model prefixes (`provider/model`) that name a provider.
ROUTES = {"openai": "openai", "azure": "openai", "anthropic": "anthropic",
          "bedrock": "bedrock", "gemini": "gemini", "vertex_ai": "gemini",
          "deepseek": "deepseek"}


def destination(lowerer, site, ctx) -> tuple[str, str]:
    """(provider, model) a call site sends its prompt to, each "" when the code does not
    say."""
    model = site.model
    if model is None:
        return "", ""
    named = _model_name(site, lowerer, ctx)
    library = model.library
    if library in LIBRARIES:
        return LIBRARIES[library], named
    if library == "litellm":
        return _routed(named), named.split("/", 1)[-1]
    if library == "anthropic":  # Anthropic's API, unless the client is Bedrock's
        return _client(site.node, model, lowerer, ctx) or "anthropic", named
    if library == "openai":  # the SDK of many engines: OpenAI's API only when the client says
        client = _client(site.node, model, lowerer, ctx)
        return (client, named) if client else ("", "")
    return "", ""


def _model_name(site, lowerer, ctx) -> str:
    value = site.keywords.get("model")
    if value is None and isinstance(site.node, cst.Call):
        value = next((a.value for a in site.node.args
                      if a.keyword is not None and a.keyword.value == "model"), None)
    if value is None:
        return ""
    found = lowerer.follow(value, ctx)
    text = literal_value(found[0]) if found is not None else None
    return text if isinstance(text, str) else ""


def _routed(model: str) -> str:
    route, slash, _ = model.partition("/")
    if slash:
        return ROUTES.get(route, "")
    for name, patterns in MODEL_FAMILIES.items():
        if name != "bedrock" and any(fnmatch.fnmatchcase(model.lower(), p) for p in patterns):
            return name
    return ""


def _client(node, model, lowerer, ctx) -> str:
    """The provider of the client a call is made on (`client.chat.completions.create`), from
    the call that made the client; "" when it is not in view or has another `base_url`."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute):
        return ""
    receiver = node.func.value
    for chain in sorted(model.chains, key=len, reverse=True):
        parts = chain.split(".")[:-1]  # the attributes between the client and the call
        current = receiver
        for part in reversed(parts):
            if not (isinstance(current, cst.Attribute) and current.attr.value == part):
                break
            current = current.value
        else:
            receiver = current
            break
    found = lowerer.follow(receiver, ctx, attributes=True)
    if found is not None and isinstance(found[0], cst.BooleanOperation):
        found = (found[0].right, found[1])  # `client or OpenAI()`: the default made here
    if found is None or not isinstance(found[0], cst.Call):
        return ""
    call, call_ctx = found
    provider = CLIENTS.get(call_ctx.module.qualname(call.func) or "")
    if provider is None:
        return ""
    base = next((a.value for a in call.args
                 if a.keyword is not None and a.keyword.value == "base_url"), None)
    for spread in (a.value for a in call.args if a.star == "**"):
        # `OpenAI(**client_kwargs)` after `client_kwargs["base_url"] = api_base`
        base = next((value for key, value, _ in lowerer.spread(spread, call_ctx)
                     if key == "base_url"), base)
    if base is None:
        return provider
    url = literal_value(base)
    if not isinstance(url, str):
        return ""  # read from the environment or settings: not known here
    return next((name for host, name in HOSTS if host in url), "")
