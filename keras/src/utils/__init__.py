"""Utilities: logging, tracebacks, random seeds, backend switching."""
