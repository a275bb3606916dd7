"""Checks shared by the tests of the color and mixing image layers."""

import numpy as np

from keras.src import backend


def images(shape=(2, 6, 5, 3), seed=0, high=255.0):
    """Reproducible random images in `[0, high]`."""
    return np.random.RandomState(seed).uniform(0, high, shape).astype(
        "float32"
    )


def run(layer, x, training=True):
    """Calls `layer` and returns NumPy outputs (dicts stay dicts)."""
    out = layer(x, training=training)
    if isinstance(out, dict):
        return {k: backend.convert_to_numpy(v) for k, v in out.items()
                if not isinstance(v, dict)}
    return backend.convert_to_numpy(out)


def check_common(test, layer_cls, init_kwargs, shape=(2, 6, 5, 3),
                 static_batch=False):
    """Inference identity (when random), seeded repeatability, unbatched
    and channels-first inputs, `tf.data`, config round trip and the
    rank check."""
    x = images(shape)
    layer = layer_cls(**init_kwargs)
    if hasattr(layer, "seed_generator"):
        test.assertAllClose(run(layer, x, training=False), x)
        a = run(layer_cls(**init_kwargs), x)
        b = run(layer_cls(**init_kwargs), x)
        test.assertAllClose(a, b)
    test.assertEqual(tuple(layer(x[0]).shape), shape[1:])
    first = layer_cls(data_format="channels_first", **init_kwargs)
    out = first(np.transpose(x, (0, 3, 1, 2)), training=True)
    test.assertEqual(tuple(out.shape), (shape[0], shape[3]) + shape[1:3])
    check_tf_data(test, layer_cls(**init_kwargs), x, static_batch)
    test.run_class_serialization_test(layer)
    with test.assertRaisesRegex(ValueError, f"{layer_cls.__name__}.*rank"):
        layer(np.zeros((2, 3)))


def check_tf_data(test, layer, x, static_batch=False):
    """`dataset.map(layer)` works and yields TensorFlow tensors (with
    `static_batch`, batches have a static size)."""
    import tensorflow as tf

    ds = tf.data.Dataset.from_tensor_slices(x)
    ds = ds.batch(2, drop_remainder=static_batch).map(layer)
    for out in ds:
        test.assertIsInstance(out, tf.Tensor)
        test.assertEqual(tuple(out.shape), (2,) + x.shape[1:])
