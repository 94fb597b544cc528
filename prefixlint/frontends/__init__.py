"""Frontends: one module per input kind, each turning source files into `Prompt`s."""
