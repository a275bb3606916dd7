"""Activation layers: elementwise nonlinearities as layers."""
