"""Output formats: one module per format, each turning a `Result` into text. No computing."""
