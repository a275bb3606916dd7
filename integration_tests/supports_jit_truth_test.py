"""Every layer's `supports_jit` declaration tells the truth.

For each layer class exported in `keras.layers`, a small model holding it
trains one step with the backend's compiler forced on: XLA on TensorFlow
(`jit_compile=True`), `jax.jit` on JAX, and on torch Dynamo with
`{"backend": "aot_eager", "fullgraph": True}` (one graph, no breaks). The
step must succeed exactly where `layer.supports_jit[backend]` is True: a
layer declared False that compiles fine fails too (its declaration lies).

To cover a new layer, add an entry to `CASES` (how to build it and what it
takes as input) or, if it cannot sit in a model, to `SKIPPED` with the
reason. An exported layer in neither fails with a message saying so.
"""

import inspect

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src import tree

BATCH = 4

# Options of the compiled step per backend.
JIT_OPTIONS = {
    "tensorflow": True,
    "jax": True,
    "torch": {"backend": "aot_eager", "fullgraph": True},
}

SKIPPED = {
    "Layer": "the abstract base class",
    "Wrapper": "the abstract base of wrappers (its subclasses are tested)",
    "InputLayer": "the placeholder of a functional model's inputs",
    "InputSpec": "not a layer",
    "TFSMLayer": "needs a TensorFlow SavedModel on disk",
    "FlaxLayer": "needs flax, which is not installed",
    "MaxNumBoundingBoxes": "takes bounding-box dicts, not model inputs",
}


def case(kwargs=None, shape=(4,), dtype="float32", data="normal",
         pre_dense=None, make=None, call=None, backends=None, aborts=()):
    """One registry entry.

    Args:
        kwargs: Constructor keyword arguments.
        shape: Per-sample input shape, or a list of shapes for several
            inputs.
        dtype: The inputs' dtype.
        data: How to draw inputs: `"normal"`, `"image"` (values in
            [0, 255]), `("int", low, high)` or `("string", words)`.
        pre_dense: Whether a `Dense` feeds the layer, so that gradients
            flow through it (default: for `"normal"` float inputs).
        make: A callable returning the layer (wrappers, cells); replaces
            `kwargs`.
        call: `call(layer, inputs_list)` (default: the one input, or the
            list of inputs).
        backends: Where the inputs can exist (e.g. strings: TensorFlow).
        aborts: Backends whose compiler kills the process (a C++ abort no
            test can catch) on this layer: there the declaration must be
            False, checked without compiling.
    """
    if pre_dense is None:
        pre_dense = data == "normal" and "float" in dtype
    return {
        "kwargs": kwargs or {}, "shape": shape, "dtype": dtype,
        "data": data, "pre_dense": pre_dense, "make": make, "call": call,
        "backends": backends, "aborts": aborts,
    }


L = keras.layers
IMG = (8, 8, 3)
IMG_CASE = {"shape": IMG, "data": "image"}
TWO = [(4,), (4,)]
SEQ = (3, 4)
INTS = ("int", 0, 5)
WORDS = ("string", ["a", "b", "c", "d"])


def _pair(layer, xs):
    return layer(xs[0], xs[1])


CASES = {
    # Core.
    "Dense": case({"units": 3}),
    "EinsumDense": case({"equation": "ab,bc->ac", "output_shape": 3}),
    "Embedding": case({"input_dim": 5, "output_dim": 3}, dtype="int32",
                      data=INTS),
    "ReversibleEmbedding": case({"input_dim": 5, "output_dim": 3},
                                dtype="int32", data=INTS),
    "Identity": case(),
    "Lambda": case(make=lambda: L.Lambda(lambda x: x * 2.0)),
    "Masking": case(shape=SEQ),
    "Pipeline": case(make=lambda: L.Pipeline([L.Dense(3), L.ReLU()])),
    # Activations.
    "Activation": case({"activation": "relu"}),
    "ELU": case(),
    "LeakyReLU": case(),
    "PReLU": case(),
    "ReLU": case(),
    "Softmax": case(),
    # Convolutions.
    "Conv1D": case({"filters": 2, "kernel_size": 2}, shape=(5, 3)),
    "Conv2D": case({"filters": 2, "kernel_size": 2}, shape=(5, 5, 3)),
    "Conv3D": case({"filters": 2, "kernel_size": 2}, shape=(4, 4, 4, 2)),
    "Conv1DTranspose": case({"filters": 2, "kernel_size": 2},
                            shape=(5, 3)),
    "Conv2DTranspose": case({"filters": 2, "kernel_size": 2},
                            shape=(5, 5, 3)),
    "Conv3DTranspose": case({"filters": 2, "kernel_size": 2},
                            shape=(4, 4, 4, 2)),
    "DepthwiseConv1D": case({"kernel_size": 2}, shape=(5, 3)),
    "DepthwiseConv2D": case({"kernel_size": 2}, shape=(5, 5, 3)),
    "SeparableConv1D": case({"filters": 2, "kernel_size": 2},
                            shape=(5, 3)),
    "SeparableConv2D": case({"filters": 2, "kernel_size": 2},
                            shape=(5, 5, 3)),
    # Pooling.
    "AveragePooling1D": case({"pool_size": 2}, shape=(4, 3)),
    "AveragePooling2D": case({"pool_size": 2}, shape=(4, 4, 3)),
    "AveragePooling3D": case({"pool_size": 2}, shape=(4, 4, 4, 2)),
    "MaxPooling1D": case({"pool_size": 2}, shape=(4, 3)),
    "MaxPooling2D": case({"pool_size": 2}, shape=(4, 4, 3)),
    "MaxPooling3D": case({"pool_size": 2}, shape=(4, 4, 4, 2)),
    "GlobalAveragePooling1D": case(shape=(4, 3)),
    "GlobalAveragePooling2D": case(shape=(4, 4, 3)),
    "GlobalAveragePooling3D": case(shape=(4, 4, 4, 2)),
    "GlobalMaxPooling1D": case(shape=(4, 3)),
    "GlobalMaxPooling2D": case(shape=(4, 4, 3)),
    "GlobalMaxPooling3D": case(shape=(4, 4, 4, 2)),
    "AdaptiveAveragePooling1D": case({"output_size": 2}, shape=(4, 3)),
    "AdaptiveAveragePooling2D": case({"output_size": 2}, shape=(4, 4, 3)),
    "AdaptiveAveragePooling3D": case({"output_size": 2},
                                     shape=(4, 4, 4, 2)),
    "AdaptiveMaxPooling1D": case({"output_size": 2}, shape=(4, 3)),
    "AdaptiveMaxPooling2D": case({"output_size": 2}, shape=(4, 4, 3)),
    "AdaptiveMaxPooling3D": case({"output_size": 2}, shape=(4, 4, 4, 2)),
    # Merging.
    "Add": case(shape=TWO),
    "Average": case(shape=TWO),
    "Concatenate": case(shape=TWO),
    "Dot": case({"axes": 1}, shape=TWO),
    "Maximum": case(shape=TWO),
    "Minimum": case(shape=TWO),
    "Multiply": case(shape=TWO),
    "Subtract": case(shape=TWO),
    # Regularization.
    "ActivityRegularization": case({"l1": 0.01}),
    "AlphaDropout": case({"rate": 0.2}),
    "Dropout": case({"rate": 0.2}),
    "GaussianDropout": case({"rate": 0.2}),
    "GaussianNoise": case({"stddev": 0.2}),
    "SpatialDropout1D": case({"rate": 0.2}, shape=SEQ),
    "SpatialDropout2D": case({"rate": 0.2}, shape=(4, 4, 3)),
    "SpatialDropout3D": case({"rate": 0.2}, shape=(3, 3, 3, 2)),
    # Reshaping.
    "Cropping1D": case({"cropping": 1}, shape=(5, 3)),
    "Cropping2D": case({"cropping": 1}, shape=(5, 5, 3)),
    "Cropping3D": case({"cropping": 1}, shape=(4, 4, 4, 2)),
    "Flatten": case(shape=SEQ),
    "Permute": case({"dims": (2, 1)}, shape=SEQ),
    "RepeatVector": case({"n": 2}),
    "Reshape": case({"target_shape": (2, 2)}),
    "UpSampling1D": case(shape=SEQ),
    "UpSampling2D": case(shape=(3, 3, 2)),
    "UpSampling3D": case(shape=(2, 2, 2, 2)),
    "ZeroPadding1D": case(shape=SEQ),
    "ZeroPadding2D": case(shape=(3, 3, 2)),
    "ZeroPadding3D": case(shape=(2, 2, 2, 2)),
    # Normalization.
    "BatchNormalization": case(),
    "GroupNormalization": case({"groups": 2}),
    "LayerNormalization": case(),
    "RMSNormalization": case(),
    "UnitNormalization": case(),
    "SpectralNormalization": case(
        make=lambda: L.SpectralNormalization(L.Dense(3))),
    # Attention.
    "Attention": case(shape=[SEQ, SEQ]),
    "AdditiveAttention": case(shape=[SEQ, SEQ]),
    "MultiHeadAttention": case({"num_heads": 2, "key_dim": 2},
                               shape=[SEQ, SEQ], call=_pair),
    "GroupQueryAttention": case(
        {"head_dim": 2, "num_query_heads": 2, "num_key_value_heads": 1},
        shape=[SEQ, SEQ], call=_pair),
    # Recurrent.
    "SimpleRNN": case({"units": 3}, shape=SEQ),
    "GRU": case({"units": 3}, shape=SEQ),
    "LSTM": case({"units": 3}, shape=SEQ),
    "SimpleRNNCell": case(shape=SEQ,
                          make=lambda: L.RNN(L.SimpleRNNCell(3))),
    "GRUCell": case(shape=SEQ, make=lambda: L.RNN(L.GRUCell(3))),
    "LSTMCell": case(shape=SEQ, make=lambda: L.RNN(L.LSTMCell(3))),
    "RNN": case(shape=SEQ, make=lambda: L.RNN(L.SimpleRNNCell(3))),
    "StackedRNNCells": case(shape=SEQ, make=lambda: L.RNN(
        L.StackedRNNCells([L.SimpleRNNCell(3), L.SimpleRNNCell(2)]))),
    "Bidirectional": case(shape=SEQ,
                          make=lambda: L.Bidirectional(L.LSTM(2))),
    "TimeDistributed": case(shape=SEQ,
                            make=lambda: L.TimeDistributed(L.Dense(2))),
    "ConvLSTM1D": case({"filters": 2, "kernel_size": 2},
                       shape=(2, 5, 3)),
    "ConvLSTM2D": case({"filters": 2, "kernel_size": 2},
                       shape=(2, 4, 4, 2)),
    "ConvLSTM3D": case({"filters": 2, "kernel_size": 2},
                       shape=(2, 3, 3, 3, 2)),
    # Numerical and categorical preprocessing.
    "Normalization": case({"mean": 0.0, "variance": 1.0}),
    "Discretization": case({"bin_boundaries": [-0.5, 0.0, 0.5]}),
    "CategoryEncoding": case({"num_tokens": 5}, dtype="int32", data=INTS),
    "Hashing": case({"num_bins": 4}, dtype="int32", data=INTS),
    "HashedCrossing": case({"num_bins": 4}, shape=[(1,), (1,)],
                           dtype="int32", data=INTS),
    "IntegerLookup": case({"vocabulary": [1, 2, 3]}, dtype="int64",
                          data=INTS),
    "StringLookup": case({"vocabulary": ["a", "b"]}, dtype="string",
                         data=WORDS, backends=("tensorflow",)),
    "TextVectorization": case(
        {"vocabulary": ["a", "b"], "output_sequence_length": 4},
        shape=(), dtype="string", data=WORDS, backends=("tensorflow",),
        aborts=("tensorflow",)),
    # Image preprocessing and augmentation.
    # One chain of depth 1 compiles every operation of the switch, as the
    # default 3x3 does, in a quarter of the time.
    "AugMix": case({"num_chains": 1, "chain_depth": 1}, **IMG_CASE),
    "AutoContrast": case(**IMG_CASE),
    "CenterCrop": case({"height": 4, "width": 4}, **IMG_CASE),
    "ContrastLimitedAdaptiveHistogramEqualization": case(
        {"tile_grid_size": (2, 2)}, **IMG_CASE),
    "CutMix": case(**IMG_CASE),
    "Equalization": case(**IMG_CASE),
    "MixUp": case(**IMG_CASE),
    "RandAugment": case(**IMG_CASE),
    "RandomBrightness": case({"factor": 0.2}, **IMG_CASE),
    "RandomColorDegeneration": case({"factor": 0.2}, **IMG_CASE),
    "RandomColorJitter": case({"brightness_factor": 0.2}, **IMG_CASE),
    "RandomContrast": case({"factor": 0.2}, **IMG_CASE),
    "RandomCrop": case({"height": 4, "width": 4}, **IMG_CASE),
    "RandomElasticTransform": case(**IMG_CASE),
    "RandomErasing": case(**IMG_CASE),
    "RandomFlip": case(**IMG_CASE),
    "RandomGaussianBlur": case(**IMG_CASE),
    "RandomGrayscale": case(**IMG_CASE),
    "RandomHue": case({"factor": 0.2}, **IMG_CASE),
    "RandomInvert": case(**IMG_CASE),
    "RandomPerspective": case(**IMG_CASE),
    "RandomPosterization": case({"factor": (1, 8)}, **IMG_CASE),
    "RandomRotation": case({"factor": 0.1}, **IMG_CASE),
    "RandomSaturation": case({"factor": 0.2}, **IMG_CASE),
    "RandomSharpness": case({"factor": 0.2}, **IMG_CASE),
    "RandomShear": case({"x_factor": 0.1}, **IMG_CASE),
    "RandomTranslation": case({"height_factor": 0.1, "width_factor": 0.1},
                              **IMG_CASE),
    "RandomZoom": case({"height_factor": 0.1}, **IMG_CASE),
    "Rescaling": case({"scale": 1 / 255}, **IMG_CASE),
    "Resizing": case({"height": 4, "width": 4}, **IMG_CASE),
    "Solarization": case({"threshold_factor": 0.5}, **IMG_CASE),
    # Audio preprocessing.
    "MelSpectrogram": case(
        {"fft_length": 64, "sequence_stride": 32, "num_mel_bins": 8,
         "sampling_rate": 8000}, shape=(256,), pre_dense=False),
    "STFTSpectrogram": case(
        {"frame_length": 32, "frame_step": 16, "fft_length": 32},
        shape=(128, 1), pre_dense=False),
    # Backend-specific wrappers.
    "TorchModuleWrapper": case(shape=(4,), backends=("torch",),
                               make=lambda: _torch_module()),
    "JaxLayer": case(shape=(4,), backends=("jax",),
                     make=lambda: _jax_layer()),
}


def _torch_module():
    import torch

    return L.TorchModuleWrapper(torch.nn.Linear(4, 3))


def _jax_layer():
    import jax

    def init_fn(rng, inputs):
        return {"w": jax.random.normal(rng, (inputs.shape[-1], 3))}

    def call_fn(params, inputs):
        return inputs @ params["w"]

    return L.JaxLayer(call_fn=call_fn, init_fn=init_fn)


class _Head(keras.layers.Layer):
    """Reduces any output (cast to float) to one number per sample."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, x):
        x = ops.cast(tree.flatten(x)[0], "float32")
        axes = tuple(range(1, len(x.shape)))
        if axes:
            x = ops.mean(x, axis=axes)
        return ops.expand_dims(x, -1)

    def compute_mask(self, inputs, mask=None):
        return None


def _exported_classes():
    """`{test name: class}` of the layer classes in `keras.layers`, one
    name per class (the one the registry knows, if any)."""
    by_class = {}
    for name in sorted(dir(keras.layers)):
        obj = getattr(keras.layers, name)
        if inspect.isclass(obj) and issubclass(obj, keras.layers.Layer):
            by_class.setdefault(obj, []).append(name)
    chosen = {}
    for cls, names in by_class.items():
        known = [n for n in names if n in CASES or n in SKIPPED]
        chosen[(known or names)[0]] = cls
    return chosen


def _inputs(spec, rng):
    shapes = spec["shape"]
    single = not isinstance(shapes, list)
    arrays = [_draw(spec, shape, rng) for shape in
              ([shapes] if single else shapes)]
    return arrays


def _draw(spec, shape, rng):
    full = (BATCH, *shape)
    data = spec["data"]
    if data == "normal":
        return rng.normal(size=full).astype(spec["dtype"])
    if data == "image":
        return rng.uniform(0, 255, size=full).astype(spec["dtype"])
    if data[0] == "int":
        return rng.integers(data[1], data[2], size=full).astype(
            spec["dtype"])
    words = np.array(data[1])
    if not shape:
        return np.array([" ".join(rng.choice(words, 3))
                         for _ in range(BATCH)])
    return rng.choice(words, size=full)


def _build(name, cls, spec):
    """A functional model: inputs -> [Dense] -> layer -> head -> Dense."""
    layer = spec["make"]() if spec["make"] else cls(**spec["kwargs"])
    shapes = spec["shape"]
    shapes = shapes if isinstance(shapes, list) else [shapes]
    inputs = [keras.Input(shape, dtype=spec["dtype"]) for shape in shapes]
    feeds = inputs
    if spec["pre_dense"]:
        feeds = [keras.layers.Dense(s[-1])(x) for s, x in zip(shapes, inputs)]
    if spec["call"]:
        out = spec["call"](layer, feeds)
    else:
        out = layer(feeds[0] if len(feeds) == 1 else feeds)
    out = keras.layers.Dense(1)(_Head()(out))
    inputs = inputs[0] if len(inputs) == 1 else inputs
    return keras.Model(inputs, out), layer


def _fit_one_step(name, cls, spec, jit_compile, run_eagerly=False):
    """Builds, compiles and fits one step; returns the tested layer."""
    keras.backend.clear_session()
    model, layer = _build(name, cls, spec)
    expected = all(sub.supports_jit[backend.backend()]
                   for sub in layer._flatten_layers())
    # Force the compiler onto every layer, so that no fallback hides the
    # truth (`jit_compile=True` may skip the compiler for layers declared
    # unsupported).
    for sub in model._flatten_layers():
        sub.supports_jit = {backend.backend(): True}
    model.compile(optimizer="sgd", loss="mse", jit_compile=jit_compile,
                  run_eagerly=run_eagerly)
    if not run_eagerly and model.jit_compile != jit_compile:
        raise AssertionError(
            f"compile(jit_compile={jit_compile!r}) resolved to "
            f"{model.jit_compile!r}: the step would not be compiled."
        )
    rng = np.random.default_rng(0)
    x = _inputs(spec, rng)
    y = np.zeros((BATCH, 1), "float32")
    model.fit(x if len(x) > 1 else x[0], y, batch_size=BATCH, epochs=1,
              verbose=0, shuffle=False)
    return expected


def _short(error):
    text = f"{type(error).__name__}: {error}"
    return text if len(text) < 600 else text[:600] + " ..."


def _parameters():
    return [(name, name, cls) for name, cls in
            sorted(_exported_classes().items())]


@pytest.mark.requires_trainable_backend
class SupportsJitTruthTest(testing.TestCase):
    @parameterized.named_parameters(*_parameters())
    def test_declaration_holds(self, name, cls):
        if name in SKIPPED:
            pytest.skip(SKIPPED[name])
        if name not in CASES:
            self.fail(
                f"keras.layers.{name} has no entry in CASES or SKIPPED of "
                f"{__file__}: add one."
            )
        _check(self, name, cls, CASES[name])


def _check(test, name, cls, spec):
    """Fails `test` unless `cls`'s `supports_jit` tells the truth."""
    name_b = backend.backend()
    if spec["backends"] and name_b not in spec["backends"]:
        pytest.skip(f"{name}'s inputs exist only on {spec['backends']}")
    if name_b == "torch" and not _torch_fullgraph_step():
        pytest.skip(
            "the torch train step is not one graph yet "
            "(no FULLGRAPH_TRAIN_STEP in backend/torch/trainer.py)"
        )
    if name_b in spec["aborts"]:
        layer = spec["make"]() if spec["make"] else cls(**spec["kwargs"])
        test.assertFalse(
            all(sub.supports_jit[name_b] for sub in layer._flatten_layers()),
            f"{name}: the {name_b} compiler aborts the process on it, but "
            f"it declares supports_jit[{name_b!r}] = True.",
        )
        return
    try:
        expected = _fit_one_step(name, cls, spec, JIT_OPTIONS[name_b])
        error = None
    except AssertionError:
        raise
    except Exception as e:  # noqa: BLE001 (any compiler error)
        error = e
    if error is None:
        test.assertTrue(
            expected,
            f"{name} declares supports_jit[{name_b!r}] = False, but a "
            "compiled training step with it succeeded.",
        )
        return
    try:
        expected = _fit_one_step(name, cls, spec, False,
                                 run_eagerly=True)
    except Exception as eager_error:  # noqa: BLE001
        test.fail(
            f"{name}: the one-step fit fails even eagerly: "
            f"{_short(eager_error)}"
        )
    test.assertFalse(
        expected,
        f"{name} declares supports_jit[{name_b!r}] = True, but the "
        f"compiled training step fails: {_short(error)}",
    )


class _Traceable(keras.layers.Layer):
    """Jit-compatible, yet (in the harness check) declared unsupported."""

    def call(self, x):
        return x * 2.0


class _Untraceable(keras.layers.Layer):
    """Branches in Python on a tensor's value: no compiler traces it."""

    def call(self, x):
        scale = 2.0 if float(ops.max(x)) > -1e9 else 1.0
        return x * scale

    def compute_output_shape(self, input_shape):
        return input_shape


@pytest.mark.requires_trainable_backend
class HarnessTest(testing.TestCase):
    """The sweep's own check fails on declarations that lie."""

    @parameterized.named_parameters(
        ("traceable_declared_false", _Traceable, False, True),
        ("untraceable_declared_true", _Untraceable, True, True),
        ("untraceable_declared_false", _Untraceable, False, False),
    )
    def test_check_detects_lies(self, cls, declared, lies):
        declared_cls = type(cls.__name__, (cls,), {"supports_jit": declared})
        # Without a Dense before it, the branch reads data, which JAX's
        # eager gradient leaves concrete.
        spec = case(pre_dense=False)
        if lies:
            with self.assertRaisesRegex(AssertionError, "declares"):
                _check(self, cls.__name__, declared_cls, spec)
        else:
            _check(self, cls.__name__, declared_cls, spec)


def _torch_fullgraph_step():
    from keras.src.backend.torch import trainer

    return hasattr(trainer, "FULLGRAPH_TRAIN_STEP")
