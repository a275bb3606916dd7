"""Writes `backend_cases.{json,npz}`: Keras 2 backend calls and the values
upstream Keras 3.15.1 returns for them, which `backend_test.py` compares
against.

Run with the oracle's Python (upstream's legacy backend runs on
TensorFlow, so inputs are passed to it as `tf` tensors):

    KERAS_BACKEND=jax /opt/keras-oracle/bin/python \
        keras/src/legacy/testdata/make_backend_fixtures.py
"""

import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(7)


def f32(*shape):
    return rng.normal(size=shape).astype("float32")


def probs(*shape):
    p = rng.uniform(0.05, 1.0, size=shape).astype("float32")
    return p / p.sum(-1, keepdims=True)


def ints(high, *shape):
    return rng.integers(0, high, size=shape).astype("int32")


x23 = f32(2, 3)
# (function name, positional args, keyword args); arrays become tensors.
CASES = [
    ("mean", [x23], {"axis": 1, "keepdims": True}),
    ("prod", [x23], {"axis": -1}),
    ("std", [x23], {"axis": 1}),
    ("argmax", [x23], {}),
    ("cumsum", [x23], {"axis": 1}),
    ("sqrt", [x23], {}),
    ("round", [np.array([0.5, 1.5, 2.5, -0.5], "float32")], {}),
    ("pow", [x23, 3], {}),
    ("clip", [x23, -0.5, 0.5], {}),
    ("clip", [x23, 1.0, 0.0], {}),
    ("any", [x23 > 0], {"axis": 1}),
    ("dot", [f32(2, 3, 4), f32(4, 5)], {}),
    ("dot", [f32(2, 3, 4), f32(3, 4, 5)], {}),
    ("batch_dot", [f32(4, 3), f32(4, 3)], {}),
    ("batch_dot", [f32(4, 5), f32(4, 6, 5)], {"axes": (1, 2)}),
    ("l2_normalize", [x23], {"axis": 1}),
    ("in_top_k", [probs(4, 5), ints(5, 4), 2], {}),
    ("switch", [x23 > 0, x23, -x23], {}),
    ("arange", [1, 9, 3], {}),
    ("arange", [1.0, 3.0], {}),
    ("repeat", [x23, 3], {}),
    ("repeat_elements", [x23, 2, 0], {}),
    ("reverse", [x23, [0, 1]], {}),
    ("gather", [x23, np.array([1, 0, 1], "int32")], {}),
    ("one_hot", [ints(4, 2, 3), 4], {}),
    ("tile", [x23, (2, 3)], {}),
    ("spatial_2d_padding", [f32(1, 2, 2, 1), ((1, 0), (0, 2))], {}),
    ("resize_images", [f32(1, 2, 3, 2), 2, 3, "channels_last"], {}),
    ("resize_images", [f32(1, 2, 3, 2), 2, 2, "channels_last"],
     {"interpolation": "bilinear"}),
    ("resize_volumes", [f32(1, 2, 1, 2, 2), 2, 1, 3, "channels_first"], {}),
    ("relu", [x23], {"alpha": 0.1, "max_value": 0.8, "threshold": 0.2}),
    ("hard_sigmoid", [x23 * 4], {}),
    ("softmax", [x23], {"axis": 0}),
    ("bias_add", [f32(2, 3, 4), f32(4)], {}),
    ("bias_add", [f32(2, 4, 3), f32(4)], {"data_format": "channels_first"}),
    ("batch_normalization",
     [x23, f32(3), np.abs(f32(3)), f32(3), f32(3)], {"epsilon": 0.01}),
    ("binary_crossentropy",
     [np.array([[1.0, 0.0, 1.0]], "float32"),
      np.array([[0.0, 0.3, 0.9]], "float32")], {}),
    ("binary_crossentropy",
     [np.array([[1.0, 0.0, 1.0]], "float32"), x23[:1] * 5],
     {"from_logits": True}),
    ("binary_focal_crossentropy",
     [np.array([[1.0, 0.0, 1.0]], "float32"),
      np.array([[0.2, 0.3, 0.9]], "float32")],
     {"apply_class_balancing": True, "alpha": 0.3, "gamma": 1.5}),
    ("binary_focal_crossentropy",
     [np.array([[1.0, 0.0, 1.0]], "float32"), x23[:1]],
     {"from_logits": True}),
    ("categorical_crossentropy", [np.eye(3, dtype="float32")[[0, 2]],
                                  probs(2, 3) * 2], {}),
    ("categorical_crossentropy", [np.eye(3, dtype="float32")[[0, 2]], x23],
     {"from_logits": True}),
    ("categorical_focal_crossentropy",
     [np.eye(3, dtype="float32")[[1, 2]], probs(2, 3)], {"gamma": 3.0}),
    ("categorical_focal_crossentropy",
     [np.eye(3, dtype="float32")[[1, 2]], x23], {"from_logits": True}),
    ("sparse_categorical_crossentropy",
     [np.array([1, 0, 2], "int32"), probs(3, 3)], {}),
    ("sparse_categorical_crossentropy",
     [np.array([1, 0, 2], "int32"), f32(3, 3)],
     {"from_logits": True, "ignore_class": 0}),
    ("conv1d", [f32(1, 5, 2), f32(3, 2, 4)], {"padding": "causal"}),
    ("conv1d", [f32(1, 6, 2), f32(2, 2, 3)], {"strides": 2}),
    ("conv2d", [f32(1, 5, 5, 2), f32(3, 3, 2, 3)],
     {"padding": "same", "dilation_rate": (2, 2)}),
    ("conv3d", [f32(1, 3, 4, 4, 1), f32(2, 2, 2, 1, 2)],
     {"strides": (1, 2, 2)}),
    ("conv2d_transpose", [f32(1, 3, 3, 2), f32(3, 3, 4, 2), (1, 6, 6, 4)],
     {"strides": (2, 2), "padding": "same"}),
    ("conv2d_transpose", [f32(1, 3, 3, 2), f32(3, 3, 4, 2), (1, 7, 7, 4)],
     {"strides": (2, 2), "padding": "valid"}),
    ("depthwise_conv2d", [f32(1, 4, 4, 2), f32(3, 3, 2, 2)],
     {"padding": "same"}),
    ("separable_conv2d", [f32(1, 5, 5, 2), f32(3, 3, 2, 1), f32(1, 1, 2, 3)],
     {}),
    ("pool2d", [f32(1, 4, 5, 2), (2, 2)],
     {"strides": (2, 2), "padding": "same"}),
    ("pool2d", [f32(1, 4, 4, 2), (3, 3)], {"pool_mode": "avg"}),
    ("pool3d", [f32(1, 4, 4, 4, 1), (2, 2, 2)],
     {"strides": (2, 2, 2), "pool_mode": "avg"}),
    ("ctc_batch_cost",
     [np.array([[1, 2, 0], [0, 1, 1]], "int32"), probs(2, 6, 4),
      np.array([[6], [5]], "int32"), np.array([[2], [3]], "int32")], {}),
    ("ctc_decode", [probs(2, 5, 4), np.array([5, 4], "int32")], {}),
]


def main():
    import tensorflow as tf

    import keras

    K = keras._tf_keras.keras.backend
    arrays = {}
    cases = []

    def encode(value, key):
        if isinstance(value, np.ndarray):
            arrays[key] = value
            return {"array": key}
        if isinstance(value, tuple):
            return {"tuple": [encode(v, f"{key}_{i}")
                              for i, v in enumerate(value)]}
        return value

    def to_tf(value):
        return tf.constant(value) if isinstance(value, np.ndarray) else value

    for index, (name, args, kwargs) in enumerate(CASES):
        result = getattr(K, name)(*[to_tf(a) for a in args], **kwargs)
        if name == "ctc_decode":
            result = [result[0][0], result[1]]
        outputs = result if isinstance(result, (list, tuple)) else [result]
        output_keys = []
        for j, output in enumerate(outputs):
            key = f"case{index}_out{j}"
            arrays[key] = np.asarray(output)
            output_keys.append(key)
        cases.append({
            "function": name,
            "args": [encode(a, f"case{index}_arg{i}")
                     for i, a in enumerate(args)],
            "kwargs": {k: encode(v, f"case{index}_{k}")
                       for k, v in kwargs.items()},
            "outputs": output_keys,
        })
    np.savez_compressed(os.path.join(HERE, "backend_cases.npz"), **arrays)
    with open(os.path.join(HERE, "backend_cases.json"), "w") as f:
        json.dump(cases, f, indent=1)
        f.write("\n")
    print(f"wrote {len(cases)} cases")


if __name__ == "__main__":
    main()
