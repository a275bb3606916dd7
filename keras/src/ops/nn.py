"""`keras.ops.nn` ops."""
