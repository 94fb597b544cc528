"""The fleet side of prefixlint: what replicas do with the prompts the analysis finds.

One module per command: `simulate` (replicas, routing and prewarming simulated on modelled or
recorded traffic), `warm` (send the prewarm manifest to running engines), `metrics` (read
each running engine's prefix-cache hit ratio), with `routing` (the policies and the
consistent-hash ring they share) and `recorded` (logged requests read as traffic). The other
half of the package finds prompts in code and measures what breaks their prefix.
"""
