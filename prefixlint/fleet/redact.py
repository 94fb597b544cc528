"""Credentials never echoed: an endpoint given as `http://user:secret@host` is shown as
`http://user:***@host` in every table, error and JSON document `warm` and `metrics` print."""

from __future__ import annotations

import re

_USERINFO = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.-]*://[^/@\s:\"']*):[^/@\s\"']*@")


def redact(text: str) -> str:
    """`text` with the password of every URL in it replaced by `***`."""
    return _USERINFO.sub(r"\g<head>:***@", text)
