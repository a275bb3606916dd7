"""Saving and loading models, weights and configurations."""
