"""`keras.src.ops.symbolic_arguments.SymbolicArguments`, at Keras's path;
it is defined next to `Node` (its only user) in `node.py` here."""

from keras.src.ops.node import SymbolicArguments  # noqa: F401
