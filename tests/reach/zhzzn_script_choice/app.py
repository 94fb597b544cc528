"""A script that picks its backend from a setting and summarises the notes it is given."""
import os
import sys

from .hosted import HostedSummariser
from .local import LocalSummariser

if os.environ.get("SUMMARY_BACKEND") == "hosted":
    summariser = HostedSummariser()
else:
    summariser = LocalSummariser()

print(summariser.summarise(sys.stdin.read()))
