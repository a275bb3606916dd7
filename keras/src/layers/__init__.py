"""Layers: `Layer`, `InputSpec`, and the layer families in subpackages."""
