"""An agent whose tools come from an MCP server, named in the code: the toolset is made of
constants only, the same for every request."""
from browserkit import Agent, MCPToolset, StreamableHttpServerInfo

SYSTEM = """You are a careful assistant that browses the web for the user. Open pages only
when the question needs facts you do not have, read a page before you click on it, and stop
as soon as you can answer. Quote the page you relied on, and say so plainly when the pages
you opened do not answer the question."""


def make_agent():
    server_info = StreamableHttpServerInfo(url="http://playwright-mcp:8931/mcp")
    toolset = MCPToolset(server_info=server_info,
                         tool_names=["browser_navigate", "browser_snapshot", "browser_click"])
    return Agent(tools=toolset, system_prompt=SYSTEM)
