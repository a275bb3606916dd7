"""Merging layers: combine a list of tensors into one."""
