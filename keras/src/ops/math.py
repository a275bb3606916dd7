"""`keras.ops.math` ops."""
