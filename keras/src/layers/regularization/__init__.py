"""Regularization layers: dropout, noise and activity penalties."""
