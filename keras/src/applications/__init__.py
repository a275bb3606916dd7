"""Reference image classifiers (`keras.applications`).

Each module builds one architecture family from `keras.layers` only, with
the layer names, order and weight shapes of Keras's own models so that the
published ImageNet weight files load as they are. `imagenet_utils` holds
what the families share: input normalization, label decoding and argument
checks.
"""
