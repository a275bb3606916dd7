"""Formats and APIs kept for files and code written for Keras 2."""
