"""Models: `Model`, `Functional`, `Sequential`, and model cloning."""
