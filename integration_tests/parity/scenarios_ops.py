"""Parity scenarios of `keras.ops`: values and result dtypes.

Each op runs on small fixed inputs of the domain it accepts, in float32 and
in int32 (where integer input is allowed, this is where dtype rules differ
most), and binary ops over pairs of dtypes to pin down type promotion.
"""

import numpy as np

import keras
from parity_scenarios import add

ops = keras.ops

_DOMAINS = {
    "real": [[-2.5, -1.0, 0.0], [0.5, 1.5, 3.0]],
    "positive": [[0.25, 0.5, 1.0], [1.5, 2.0, 3.0]],
    "unit": [[-0.9, -0.5, 0.0], [0.25, 0.5, 0.75]],
    "above_one": [[1.0, 1.5, 2.0], [2.5, 3.0, 4.0]],
    "ints": [[-3, -1, 0], [1, 2, 5]],
}


def _array(domain, dtype="float32"):
    return np.array(_DOMAINS[domain], dtype=dtype)


_UNARY = {
    "abs": "real", "absolute": "real", "arccos": "unit",
    "arccosh": "above_one", "arcsin": "unit", "arcsinh": "real",
    "arctan": "real", "arctanh": "unit", "cbrt": "real", "ceil": "real",
    "conj": "real", "conjugate": "real", "cos": "real", "cosh": "real",
    "deg2rad": "real", "exp": "real", "exp2": "real", "expm1": "real",
    "floor": "real", "imag": "real", "isfinite": "real", "isinf": "real",
    "isnan": "real", "isneginf": "real", "isposinf": "real",
    "isreal": "real", "log": "positive", "log10": "positive",
    "log1p": "positive", "log2": "positive", "logical_not": "real",
    "negative": "real", "rad2deg": "real", "real": "real",
    "reciprocal": "positive", "round": "real", "sign": "real",
    "signbit": "real", "sin": "real", "sinh": "real", "sqrt": "positive",
    "square": "real", "tan": "unit", "tanh": "real", "trunc": "real",
    "sinc": "real", "angle": "real", "copy": "real", "flip": "real",
    "ravel": "real", "transpose": "real", "squeeze": "real",
    "argsort": "real", "sort": "real", "cumsum": "real", "cumprod": "real",
    "diag": "real", "diagonal": "real", "trace": "real", "tril": "real",
    "triu": "real", "nonzero": "real", "count_nonzero": "real",
    "zeros_like": "real", "ones_like": "real", "size": "real",
    "ndim": "real", "shape": "real", "erf": "real", "erfinv": "unit",
    "rsqrt": "positive", "logdet": "real", "vectorize": None,
    "relu": "real", "relu6": "real", "sigmoid": "real", "softplus": "real",
    "softsign": "real", "silu": "real", "swish": "real", "gelu": "real",
    "log_sigmoid": "real", "leaky_relu": "real", "hard_sigmoid": "real",
    "hard_silu": "real", "hard_swish": "real", "elu": "real",
    "selu": "real", "celu": "real", "glu": "above_one",
    "tanh_shrink": "real", "hard_tanh": "real", "soft_shrink": "real",
    "hard_shrink": "real", "squareplus": "real", "sparse_plus": "real",
    "sparsemax": "real", "log_softmax": "real", "softmax": "real",
    "sparse_sigmoid": "real", "polar": None, "bartlett": None,
    "argmax": "real", "argmin": "real", "all": "real", "any": "real",
    "amax": "real", "amin": "real", "max": "real", "min": "real",
    "mean": "real", "median": "real", "prod": "real", "std": "real",
    "sum": "real", "var": "real", "logsumexp": "real", "nansum": "real",
    "ptp": "real", "average": "real", "isclose": None, "unravel_index": None,
    "floor_divide": None, "fix": "real", "slogdet": None,
}


def _register_unary():
    for name, domain in sorted(_UNARY.items()):
        if domain is None:
            continue
        for dtype in ("float32", "int32"):
            if dtype == "int32" and domain == "unit":
                continue
            source = "ints" if dtype == "int32" else domain
            if name in ("logdet", "glu") and dtype == "int32":
                continue
            x = _array(source, dtype)
            if name == "logdet":
                x = np.array([[2.0, 0.5], [0.5, 1.0]], "float32")

            def fn(name=name, x=x):
                return getattr(ops, name)(x)

            add(f"ops.{name}[{dtype}]", fn)


_REDUCTIONS = ("sum", "mean", "max", "min", "prod", "std", "var", "all",
               "any", "argmax", "argmin", "logsumexp", "amax", "amin",
               "median", "cumsum", "count_nonzero")


def _register_reduction_axes():
    x = _array("real")
    for name in _REDUCTIONS:
        for axis in (0, 1, -1):
            add(
                f"ops.{name}[axis={axis}]",
                lambda name=name, axis=axis: getattr(ops, name)(x, axis=axis),
            )
        if name not in ("argmax", "argmin", "cumsum", "count_nonzero"):
            add(
                f"ops.{name}[keepdims]",
                lambda name=name: getattr(ops, name)(x, axis=1,
                                                     keepdims=True),
            )


_BINARY = ("add", "subtract", "multiply", "divide", "true_divide",
           "floor_divide", "mod", "power", "maximum", "minimum", "arctan2",
           "hypot", "logaddexp", "equal", "not_equal", "greater",
           "greater_equal", "less", "less_equal", "logical_and",
           "logical_or", "logical_xor", "heaviside", "copysign",
           "divide_no_nan", "fmod", "logaddexp2", "ldexp", "nextafter",
           "kron", "outer", "inner", "vdot", "dot", "matmul", "isclose",
           "append", "float_power", "gcd", "lcm")


def _register_binary():
    a = _array("real")
    b = np.array([[1.5, -2.0, 0.5], [2.0, 0.25, -1.0]], "float32")
    ai = _array("ints", "int32")
    bi = np.array([[2, 3, -2], [1, 4, 3]], "int32")
    for name in _BINARY:
        if name in ("dot", "matmul", "inner"):
            pairs = {"float32": (a, b.T), "int32": (ai, bi.T)}
        else:
            pairs = {"float32": (a, b), "int32": (ai, bi)}
        for dtype, (x, y) in pairs.items():
            add(
                f"ops.{name}[{dtype}]",
                lambda name=name, x=x, y=y: getattr(ops, name)(x, y),
            )


_PROMOTION_DTYPES = ("bool", "uint8", "int8", "int16", "int32", "float16",
                     "bfloat16", "float32")


def _register_promotion():
    for i, left in enumerate(_PROMOTION_DTYPES):
        for right in _PROMOTION_DTYPES[i:]:
            for name in ("add", "multiply", "maximum", "divide"):

                def fn(name=name, left=left, right=right):
                    x = ops.ones((2,), dtype=left)
                    y = ops.ones((2,), dtype=right)
                    return str(getattr(ops, name)(x, y).dtype)

                add(f"ops.promotion.{name}[{left},{right}]", fn)
    for dtype in _PROMOTION_DTYPES:
        for scalar in (2, 2.5, True):
            add(
                f"ops.promotion.add_python_scalar[{dtype},{scalar!r}]",
                lambda dtype=dtype, scalar=scalar: str(
                    ops.add(ops.ones((2,), dtype=dtype), scalar).dtype
                ),
            )


def _shape_ops_input():
    return np.arange(24, dtype="float32").reshape(2, 3, 4)


def _shape_ops():
    # Each case gets a fresh input: an op that writes into its input
    # (upstream's numpy slice_update does) must not change later cases.
    cases = {
        "reshape": lambda x: ops.reshape(x, (4, -1)),
        "transpose_axes": lambda x: ops.transpose(x, (2, 0, 1)),
        "expand_dims": lambda x: ops.expand_dims(x, 1),
        "expand_dims_tuple": lambda x: ops.expand_dims(x, (0, -1)),
        "squeeze_axis": lambda x: ops.squeeze(x[:1], axis=0),
        "concatenate": lambda x: ops.concatenate([x, x], axis=-1),
        "stack": lambda x: ops.stack([x, x], axis=1),
        "split_int": lambda x: ops.split(x, 2, axis=-1),
        "split_indices": lambda x: ops.split(x, [1, 3], axis=-1),
        "tile": lambda x: ops.tile(x[0], (2, 1)),
        "repeat": lambda x: ops.repeat(x[0], 2, axis=0),
        "roll": lambda x: ops.roll(x, 1, axis=2),
        "moveaxis": lambda x: ops.moveaxis(x, 0, -1),
        "swapaxes": lambda x: ops.swapaxes(x, 0, 2),
        "broadcast_to": lambda x: ops.broadcast_to(x[0, 0], (2, 4)),
        "take": lambda x: ops.take(x, np.array([0, 2]), axis=1),
        "take_along_axis": lambda x: ops.take_along_axis(
            x, np.zeros((2, 3, 1), "int32"), axis=2
        ),
        "where": lambda x: ops.where(x > 5, x, -x),
        "where_condition_only": lambda x: ops.where(x[0] > 5),
        "clip": lambda x: ops.clip(x, 3, 9),
        "pad": lambda x: ops.pad(x[0], ((1, 0), (0, 2))),
        "pad_reflect": lambda x: ops.pad(x[0], ((1, 1), (1, 1)),
                                       mode="reflect"),
        "slice": lambda x: ops.slice(x, (0, 1, 1), (2, 2, 2)),
        "slice_update": lambda x: ops.slice_update(
            x, (0, 0, 0), np.ones((1, 2, 2), "float32")
        ),
        "scatter": lambda x: ops.scatter(
            np.array([[0], [2]]), np.array([1.0, 2.0], "float32"), (4,)
        ),
        "scatter_update": lambda x: ops.scatter_update(
            np.zeros((4,), "float32"), np.array([[1], [3]]),
            np.array([5.0, 6.0], "float32"),
        ),
        "gather_nd_like_take": lambda x: ops.take(x, 5),
        "one_hot": lambda x: ops.one_hot(np.array([0, 2, 1]), 3),
        "multi_hot": lambda x: ops.multi_hot(np.array([[0, 2], [1, 1]]), 3),
        "arange": lambda x: ops.arange(1, 7, 2),
        "arange_float": lambda x: ops.arange(0.5, 3.0, 0.5),
        "linspace": lambda x: ops.linspace(0, 1, 5),
        "logspace": lambda x: ops.logspace(0, 2, 3),
        "eye": lambda x: ops.eye(3, 4, k=1),
        "identity": lambda x: ops.identity(3),
        "full": lambda x: ops.full((2, 2), 7),
        "full_float": lambda x: ops.full((2, 2), 0.5),
        "zeros": lambda x: ops.zeros((2, 3)),
        "ones_int": lambda x: ops.ones((2,), dtype="int32"),
        "tri": lambda x: ops.tri(3, 4, k=0),
        "meshgrid": lambda x: ops.meshgrid(np.arange(2), np.arange(3)),
        "digitize": lambda x: ops.digitize(
            np.array([0.2, 1.5, 3.0]), np.array([1.0, 2.0])
        ),
        "searchsorted": lambda x: ops.searchsorted(
            np.array([1.0, 2.0, 3.0]), np.array([2.5, 0.0])
        ),
        "bincount": lambda x: ops.bincount(np.array([0, 1, 1, 3])),
        "histogram": lambda x: ops.histogram(np.array([0.1, 0.4, 0.9]),
                                           bins=2),
        "unique_sorted": lambda x: ops.unique(np.array([3, 1, 3, 2])),
        "top_k": lambda x: ops.top_k(np.array([1.0, 5.0, 3.0, 4.0]), 2),
        "in_top_k": lambda x: ops.in_top_k(
            np.array([1, 0]), np.array([[0.1, 0.9], [0.8, 0.2]]), 1
        ),
        "segment_sum": lambda x: ops.segment_sum(
            np.array([1.0, 2.0, 3.0]), np.array([0, 0, 1]), num_segments=2
        ),
        "segment_max": lambda x: ops.segment_max(
            np.array([1.0, 2.0, 3.0]), np.array([0, 0, 1]), num_segments=2
        ),
        "einsum": lambda x: ops.einsum("ijk,ik->ij", x, x[:, 0]),
        "tensordot": lambda x: ops.tensordot(x, x, axes=([1, 2], [1, 2])),
        "norm": lambda x: ops.norm(x[0]),
        "norm_axis": lambda x: ops.norm(x[0], ord=1, axis=-1),
        "normalize": lambda x: ops.normalize(x[0]),
        "cross": lambda x: ops.cross(x[0, :, :3], x[1, :, :3]),
        "quantile": lambda x: ops.quantile(x[0], 0.5, axis=-1),
        "percentile": lambda x: ops.percentile(x[0], 25),
        "nan_to_num": lambda x: ops.nan_to_num(
            np.array([np.nan, np.inf, -np.inf, 1.0], "float32")
        ),
        "cast": lambda x: ops.cast(x[0] * 0.7, "int32"),
        "cast_bool": lambda x: ops.cast(x[0] - 5, "bool"),
        "convert_to_tensor_int64": lambda x: ops.convert_to_tensor(
            np.array([1, 2], "int64")
        ),
        "convert_to_tensor_float64": lambda x: ops.convert_to_tensor(
            np.array([1.5], "float64")
        ),
        "convert_to_tensor_list": lambda x: ops.convert_to_tensor([1, 2]),
        "convert_to_tensor_float_list": lambda x: ops.convert_to_tensor(
            [1.0, 2]
        ),
        "is_tensor_numpy": lambda x: ops.is_tensor(x),
        "dtype_of_sum_int8": lambda x: str(
            ops.sum(np.ones(3, "int8")).dtype
        ),
        "dtype_of_mean_int32": lambda x: str(
            ops.mean(np.ones(3, "int32")).dtype
        ),
        "triu_k": lambda x: ops.triu(x[0], k=1),
        "flip_axis": lambda x: ops.flip(x, axis=(0, 2)),
        "rot90": lambda x: ops.rot90(x[0]),
        "vstack": lambda x: ops.vstack([x[0], x[1]]),
        "hstack": lambda x: ops.hstack([x[0], x[1]]),
        "array_split_like": lambda x: ops.array_split(x[0], 3, axis=1),
        "diff": lambda x: ops.diff(x[0], axis=-1),
        "correlate": lambda x: ops.correlate(
            np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5])
        ),
        "convolve": lambda x: ops.convolve(
            np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5])
        ),
        "select": lambda x: ops.select(
            [x[0] < 3, x[0] > 8], [x[0], -x[0]], default=0.0
        ),
        "logical_and_scalar": lambda x: ops.logical_and(x[0] > 2, True),
        "matmul_batched": lambda x: ops.matmul(x, ops.transpose(x, (0, 2, 1))),
        "trapezoid": lambda x: ops.trapezoid(x[0]),
        "view_as_real_like_real": lambda x: ops.real(x[0]),
        "clip_int": lambda x: ops.clip(np.arange(6, dtype="int32"), 1, 4),
        "round_decimals": lambda x: ops.round(x[0] / 7, decimals=2),
        "var_ddof_like": lambda x: ops.var(x[0], axis=0),
        "stop_gradient": lambda x: ops.stop_gradient(x[0]),
        "shape_tuple": lambda x: list(ops.shape(x)),
        "floor_divide_neg": lambda x: ops.floor_divide(
            np.array([-7, 7], "int32"), 2
        ),
        "mod_neg": lambda x: ops.mod(np.array([-7.0, 7.0]), 3.0),
    }
    for name, fn in cases.items():
        add(f"ops.{name}", lambda fn=fn: fn(_shape_ops_input()))


def _nn_ops():
    images = np.arange(2 * 6 * 6 * 3, dtype="float32").reshape(2, 6, 6, 3)
    images = images / images.size
    kernel = np.linspace(-1, 1, 3 * 3 * 3 * 4).astype("float32")
    kernel = kernel.reshape(3, 3, 3, 4)
    seq = np.linspace(-1, 1, 2 * 5 * 4).astype("float32").reshape(2, 5, 4)
    logits = np.array([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]], "float32")
    labels = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], "float32")
    cases = {
        "conv_valid": lambda: ops.conv(images, kernel),
        "conv_same_stride": lambda: ops.conv(
            images, kernel, strides=2, padding="same"
        ),
        "conv_dilated": lambda: ops.conv(images, kernel, dilation_rate=2),
        "depthwise_conv": lambda: ops.depthwise_conv(
            images, kernel[..., :1], padding="same"
        ),
        "separable_conv": lambda: ops.separable_conv(
            images, kernel[..., :1], np.ones((1, 1, 3, 2), "float32")
        ),
        "conv_transpose": lambda: ops.conv_transpose(
            images, np.ones((2, 2, 4, 3), "float32"), strides=2
        ),
        "conv_transpose_output_padding": lambda: ops.conv_transpose(
            images, np.ones((3, 3, 4, 3), "float32"), strides=2,
            padding="same", output_padding=1,
        ),
        "max_pool": lambda: ops.max_pool(images, 2),
        "max_pool_same": lambda: ops.max_pool(images, 3, 2, "same"),
        "average_pool": lambda: ops.average_pool(images, 2),
        "average_pool_same": lambda: ops.average_pool(images, 3, 2, "same"),
        "conv1d": lambda: ops.conv(seq, np.ones((3, 4, 2), "float32")),
        "max_pool1d": lambda: ops.max_pool(seq, 2),
        "categorical_crossentropy": lambda: ops.categorical_crossentropy(
            labels, logits, from_logits=True
        ),
        "sparse_categorical_crossentropy": lambda: (
            ops.sparse_categorical_crossentropy(
                np.array([1, 2]), logits, from_logits=True
            )
        ),
        "binary_crossentropy": lambda: ops.binary_crossentropy(
            labels, logits, from_logits=True
        ),
        "moments": lambda: ops.moments(seq, axes=[0, 1]),
        "batch_normalization": lambda: ops.batch_normalization(
            seq, np.zeros(4), np.ones(4), axis=-1, epsilon=1e-3
        ),
        "ctc_loss": lambda: ops.ctc_loss(
            np.array([[1, 2]]), np.log(np.full((1, 4, 3), 1 / 3, "float32")),
            np.array([2]), np.array([4]),
        ),
        "one_hot_axis": lambda: ops.one_hot(np.array([0, 2]), 3, axis=0),
        "dot_product_attention": lambda: ops.dot_product_attention(
            seq.reshape(2, 5, 1, 4), seq.reshape(2, 5, 1, 4),
            seq.reshape(2, 5, 1, 4),
        ),
        "dot_product_attention_causal": lambda: ops.dot_product_attention(
            seq.reshape(2, 5, 1, 4), seq.reshape(2, 5, 1, 4),
            seq.reshape(2, 5, 1, 4), is_causal=True,
        ),
        "softmax_axis0": lambda: ops.softmax(logits, axis=0),
        "log_softmax_axis0": lambda: ops.log_softmax(logits, axis=0),
        "gelu_exact": lambda: ops.gelu(logits, approximate=False),
        "leaky_relu_slope": lambda: ops.leaky_relu(logits,
                                                   negative_slope=0.3),
        "elu_alpha": lambda: ops.elu(logits, alpha=0.5),
        "threshold": lambda: ops.threshold(logits, 0.5, -1.0),
        "celu_alpha": lambda: ops.celu(logits, alpha=2.0),
        "psnr": lambda: ops.psnr(images, images * 0.9, 1.0),
        "rms_normalization": lambda: ops.rms_normalization(seq, axis=-1),
        "layer_normalization": lambda: ops.layer_normalization(seq, axis=-1),
        "polar": lambda: ops.polar(np.array([1.0, 2.0]),
                                   np.array([0.0, 1.0])),
        "extract_sequences": lambda: ops.extract_sequences(
            np.arange(10, dtype="float32"), 4, 2
        ),
        "stft": lambda: ops.stft(np.arange(16, dtype="float32"), 8, 4, 8),
        "rfft": lambda: ops.rfft(np.arange(8, dtype="float32")),
        "fft2": lambda: ops.fft2(
            (np.ones((4, 4), "float32"), np.zeros((4, 4), "float32"))
        ),
        "logdet": lambda: ops.logdet(np.array([[2.0, 0.5], [0.5, 1.0]])),
        "inv": lambda: ops.inv(np.array([[2.0, 0.5], [0.5, 1.0]])),
        "solve": lambda: ops.solve(
            np.array([[2.0, 0.5], [0.5, 1.0]]), np.array([[1.0], [2.0]])
        ),
        "cholesky": lambda: ops.cholesky(np.array([[2.0, 0.5], [0.5, 1.0]])),
        "det": lambda: ops.det(np.array([[2.0, 0.5], [0.5, 1.0]])),
        "erf_values": lambda: ops.erf(logits),
        "image.resize_bilinear": lambda: ops.image.resize(images, (3, 4)),
        "image.resize_nearest": lambda: ops.image.resize(
            images, (9, 9), interpolation="nearest"
        ),
        "image.resize_crop": lambda: ops.image.resize(
            images, (4, 3), crop_to_aspect_ratio=True
        ),
        "image.rgb_to_grayscale": lambda: ops.image.rgb_to_grayscale(images),
        "image.rgb_to_hsv": lambda: ops.image.rgb_to_hsv(images),
        "image.hsv_to_rgb": lambda: ops.image.hsv_to_rgb(images),
        "image.extract_patches": lambda: ops.image.extract_patches(images, 3),
        "image.affine_transform": lambda: ops.image.affine_transform(
            images, np.array([1, 0, 1, 0, 1, 0, 0, 0], "float32")
        ),
        "image.pad_images": lambda: ops.image.pad_images(images, 1, 2, 8, 9),
        "image.crop_images": lambda: ops.image.crop_images(images, 1, 1, 4, 3),
        "image.gaussian_blur": lambda: ops.image.gaussian_blur(images),
        "image.map_coordinates": lambda: ops.image.map_coordinates(
            images[0, :, :, 0], np.array([[1.5, 2.0], [0.5, 3.0]]), 1
        ),
    }
    for name, fn in cases.items():
        add(f"ops.nn.{name}", fn)


_register_unary()
_register_reduction_axes()
_register_binary()
_register_promotion()
_shape_ops()
_nn_ops()
