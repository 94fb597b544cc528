"""`python -m prefixlint`."""

from .launch import main

main()
