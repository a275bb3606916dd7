"""`keras.ops.linalg` ops."""
