"""`keras.ops.core` ops."""
