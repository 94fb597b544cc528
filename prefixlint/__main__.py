"""`python -m prefixlint`."""

from .cli import main

main()
