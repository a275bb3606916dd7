"""Normalization layers: batch, layer, group, unit, RMS and spectral."""
