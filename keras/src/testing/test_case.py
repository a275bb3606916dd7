"""`TestCase`: the base class of Keras's tests.

Each test starts from a clean global state (`clear_session()`). Besides
assertions that accept tensors of any backend, it offers the harness every
layer test uses: `run_layer_test` (configuration, eager and symbolic calls,
building from a saved build config, mixed precision and a training step)
and `run_class_serialization_test`.
"""

import contextlib
import json
import os
import shutil
import sys
import tempfile

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import tree
from keras.src.backend.common import global_state
from keras.src.testing.test_fixtures import create_eager_tensors  # noqa: F401
from keras.src.testing.test_fixtures import create_keras_tensors  # noqa: F401
from keras.src.testing.test_fixtures import from_json_with_tuples  # noqa: F401
from keras.src.testing.test_fixtures import get_seed_generators  # noqa: F401
from keras.src.testing.test_fixtures import is_shape_tuple  # noqa: F401
from keras.src.testing.test_fixtures import jax_uses_gpu  # noqa: F401
from keras.src.testing.test_fixtures import jax_uses_tpu  # noqa: F401
from keras.src.testing.test_fixtures import (  # noqa: F401
    map_shape_dtype_structure,
)
from keras.src.testing.test_fixtures import tensorflow_uses_gpu  # noqa: F401
from keras.src.testing.test_fixtures import tensorflow_uses_tpu  # noqa: F401
from keras.src.testing.test_fixtures import to_json_with_tuples  # noqa: F401
from keras.src.testing.test_fixtures import torch_uses_gpu  # noqa: F401
from keras.src.testing.test_fixtures import uses_gpu  # noqa: F401
from keras.src.testing.test_fixtures import uses_tpu  # noqa: F401

# The mixed precision check's policy. The check does not run on torch,
# whose CPU half-precision kernels are incomplete (nor does upstream's).
_MIXED_POLICY = "mixed_float16"


class TestCase(parameterized.TestCase):
    """A `parameterized.TestCase` with assertions that accept tensors of any
    backend, and the `run_layer_test` harness for layers.

    Example:

    ```python
    class AddTest(keras.src.testing.TestCase):
        def test_add(self):
            self.assertAllClose(keras.ops.add(1.0, 2.0), 3.0)
    ```
    """

    maxDiff = None

    # `jit_compile` of the torch training check's second step: the whole
    # step captured as one graph, compiled with a cheap compiler (DESIGN.md,
    # section 8).
    torch_training_jit_compile = {"backend": "aot_eager", "fullgraph": True}

    def setUp(self):
        super().setUp()
        global_state.clear_session(free_memory=False)
        # Checks of `run_layer_test` that could not run in this process
        # (e.g. "training" before `Model.fit` exists), for inspection.
        self.skipped_layer_checks = []

    def get_temp_dir(self):
        """Returns a new temporary directory, removed when the test ends."""
        path = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, path, ignore_errors=True)
        return path

    # -- assertions -----------------------------------------------------------

    def assertAllClose(self, actual, desired, atol=1e-6, rtol=1e-6,
                       tpu_atol=None, tpu_rtol=None, msg=None):
        """Asserts that `actual` and `desired` hold the same values within
        tolerance (shapes must broadcast). `tpu_atol`/`tpu_rtol` apply on
        TPUs only, so they are accepted and unused here."""
        np.testing.assert_allclose(
            _to_numpy(actual), _to_numpy(desired), atol=atol, rtol=rtol,
            err_msg=msg or "",
        )

    def assertFileExists(self, path):
        """Asserts that a file (or directory) exists at `path`."""
        if not os.path.exists(path):
            raise AssertionError(f"Expected a file at {str(path)!r}.")

    def assertNotAllClose(self, x1, x2, atol=1e-6, rtol=1e-6, msg=None):
        """Asserts that `x1` and `x2` differ somewhere beyond tolerance."""
        try:
            self.assertAllClose(x1, x2, atol=atol, rtol=rtol)
        except AssertionError:
            return
        raise AssertionError(
            msg or f"The two values are close:\n{x1}\n{x2}"
        )

    def assertAlmostEqual(self, actual, desired, decimal=3,
                          tpu_decimal=None, msg=None):
        """Asserts that two values agree to `decimal` places."""
        np.testing.assert_almost_equal(
            _to_numpy(actual), _to_numpy(desired), decimal=decimal,
            err_msg=msg or "",
        )

    def assertAllEqual(self, actual, desired, msg=None):
        """Asserts that `actual` and `desired` are exactly equal."""
        np.testing.assert_array_equal(
            _to_numpy(actual), _to_numpy(desired), err_msg=msg or ""
        )

    def assertLen(self, iterable, expected_len, msg=None):
        """Asserts `len(iterable) == expected_len`."""
        self.assertEqual(len(iterable), expected_len, msg=msg)

    def assertDType(self, x, dtype, msg=None):
        """Asserts that `x` (tensor, variable, KerasTensor) has `dtype`."""
        self.assertEqual(
            backend.standardize_dtype(x.dtype),
            backend.standardize_dtype(dtype),
            msg=msg,
        )

    def assertSparse(self, x, sparse=True):
        """Asserts whether `x` is a sparse tensor."""
        self.assertEqual(
            _is_sparse(x), sparse,
            f"Expected a {'sparse' if sparse else 'dense'} tensor, "
            f"received {type(x).__name__}.",
        )

    def assertRagged(self, x, ragged=True):
        """Asserts whether `x` is a ragged tensor (only TensorFlow has
        them)."""
        if ragged and not backend.SUPPORTS_RAGGED_TENSORS:
            raise AssertionError(
                f"Backend {backend.backend()} does not support ragged "
                "tensors."
            )
        self.assertEqual(
            _is_ragged(x), ragged,
            f"Expected a {'ragged' if ragged else 'non-ragged'} tensor, "
            f"received {type(x).__name__}.",
        )

    def convert_to_numpy(self, x):
        """Converts a tensor (or a list, tuple or dict of them) to NumPy."""
        if isinstance(x, dict):
            return {k: self.convert_to_numpy(v) for k, v in x.items()}
        return _to_numpy(x)

    # -- serialization --------------------------------------------------------

    def run_class_serialization_test(self, instance, custom_objects=None):
        """Checks that `instance` survives `get_config`/`from_config` and
        `serialize_keras_object`/`deserialize_keras_object` unchanged: same
        class, same config, same public attributes.

        Args:
            instance: a Keras object with `get_config()` (layer,
                initializer, optimizer, ...).
            custom_objects: `{name: class}` for classes Keras does not
                know.

        Returns:
            The deserialized copy.
        """
        from keras.src.saving import object_registration
        from keras.src.saving import serialization_lib

        cls = type(instance)
        config = instance.get_config()
        with object_registration.CustomObjectScope(custom_objects or {}):
            revived = cls.from_config(config)
        _assert_same_json(
            self, config, revived.get_config(),
            f"{cls.__name__}.from_config(config).get_config() differs "
            "from config",
        )
        _assert_same_attributes(self, instance, revived)
        serialized = serialization_lib.serialize_keras_object(instance)
        json.dumps(serialized, default=_json_default)
        copy = serialization_lib.deserialize_keras_object(
            serialized, custom_objects=custom_objects
        )
        self.assertIs(
            type(copy), cls,
            f"Deserializing a {cls.__name__} gave a {type(copy).__name__}.",
        )
        _assert_same_json(
            self, serialized,
            serialization_lib.serialize_keras_object(copy),
            f"{cls.__name__} serialized differently after a "
            "serialize/deserialize round trip",
        )
        return copy

    # -- layers ---------------------------------------------------------------

    def run_layer_test(
        self, layer_cls, init_kwargs, input_shape=None, input_dtype=None,
        input_sparse=False, input_ragged=False, input_data=None,
        call_kwargs=None, expected_output_shape=None,
        expected_output_dtype=None, expected_output_sparse=False,
        expected_output_ragged=False, expected_output=None,
        expected_num_trainable_weights=None,
        expected_num_non_trainable_weights=None,
        expected_num_non_trainable_variables=None,
        expected_num_seed_generators=None, expected_num_losses=None,
        supports_masking=None, expected_mask_shape=None,
        custom_objects=None, run_training_check=True,
        run_mixed_precision_check=True,
        assert_built_after_instantiation=False, tpu_atol=None,
        tpu_rtol=None,
    ):
        """Runs the standard checks of a layer class.

        Always: config and serialization round trips
        (`run_class_serialization_test`), `supports_masking`, and, with
        `assert_built_after_instantiation`, that a new instance is built.
        With inputs (`input_shape` for random data, or `input_data`):

        - an eager call: output shapes, dtypes, values, sparseness, the
          numbers of weights, seed generators and losses, the mask shape;
        - a symbolic call on `keras.Input`s with a `None` batch axis, in a
          functional model: shapes and dtypes agree with the eager call
          and the expectations, as does `compute_output_shape`;
        - `build_from_config(get_build_config())` on a new instance makes
          the same weights;
        - under `"mixed_float16"` (float inputs, not on torch): float
          outputs in the compute dtype, float variables in float32;
        - a training step (dense float outputs, trainable backends): `fit`
          one batch with SGD and an MSE loss, `jit_compile="auto"` and, on
          torch, `torch_training_jit_compile` (the first time per layer
          class in a process; eagerly after that). While `Model.fit` does not
          exist, `"training"` is appended to `self.skipped_layer_checks`.

        A failed check raises an `AssertionError` naming the layer class
        and the check. Shapes and dtypes may be structures: a list of
        input shapes is a list input; a dict is passed as keyword
        arguments when its keys are `call` arguments.

        Args:
            layer_cls: the layer class.
            init_kwargs: the constructor's keyword arguments.
            input_shape: the input shape(s), batch included.
            input_dtype: the input dtype(s) (default: `floatx()`).
            input_sparse: whether random inputs are sparse.
            input_ragged: whether random inputs are ragged.
            input_data: inputs to use instead of random ones.
            call_kwargs: extra keyword arguments of each call.
            expected_output_shape: the output shape(s).
            expected_output_dtype: the output dtype(s).
            expected_output_sparse: whether outputs are sparse.
            expected_output_ragged: whether outputs are ragged.
            expected_output: the output values (needs `input_data`).
            expected_num_trainable_weights: `len(trainable_weights)`.
            expected_num_non_trainable_weights: the same, non-trainable.
            expected_num_non_trainable_variables: the same, variables.
            expected_num_seed_generators: in the layer and sublayers.
            expected_num_losses: `len(losses)` after a call.
            supports_masking: the expected `supports_masking`.
            expected_mask_shape: the shape of the output mask.
            custom_objects: `{name: class}` for deserialization.
            run_training_check: whether to run the training step.
            run_mixed_precision_check: whether to run that check.
            assert_built_after_instantiation: whether a new instance must
                be built already (stateless layers).
            tpu_atol: tolerance on TPUs only (unused here).
            tpu_rtol: tolerance on TPUs only (unused here).
        """
        _validate_layer_test_arguments(
            input_shape, input_data, input_sparse, input_ragged,
            expected_output, supports_masking, expected_mask_shape,
        )
        check = _LayerCheck(self, layer_cls, init_kwargs, call_kwargs)
        expected = {
            "shape": expected_output_shape,
            "dtype": expected_output_dtype,
            "sparse": expected_output_sparse,
            "ragged": expected_output_ragged,
            "values": expected_output,
            "trainable_weights": expected_num_trainable_weights,
            "non_trainable_weights": expected_num_non_trainable_weights,
            "non_trainable_variables": expected_num_non_trainable_variables,
            "seed_generators": expected_num_seed_generators,
            "losses": expected_num_losses,
            "mask_shape": expected_mask_shape,
        }
        if assert_built_after_instantiation:
            with check.named("built after instantiation"):
                check.built_after_instantiation()
        with check.named("serialization"):
            self.run_class_serialization_test(
                check.new_layer(), custom_objects=custom_objects
            )
        if supports_masking is not None:
            with check.named("supports_masking"):
                check.supports_masking(supports_masking)
        if input_shape is None and input_data is None:
            return
        if input_data is None:
            input_data = _random_inputs(
                input_shape, input_dtype, input_sparse, input_ragged
            )
        check.set_inputs(input_data)
        with check.named("eager call"):
            layer, outputs = check.eager_call(expected)
        with check.named("symbolic call"):
            check.symbolic_call(expected, outputs)
        with check.named("build from config"):
            check.build_from_config(layer)
        if run_mixed_precision_check:
            with check.named("mixed precision"):
                check.mixed_precision()
        if run_training_check:
            with check.named("training"):
                check.training(outputs)


class _LayerCheck:
    """The checks of `run_layer_test` for one layer class."""

    def __init__(self, test, layer_cls, init_kwargs, call_kwargs):
        self.test = test
        self.layer_cls = layer_cls
        self.init_kwargs = dict(init_kwargs or {})
        self.call_kwargs = dict(call_kwargs or {})

    @contextlib.contextmanager
    def named(self, check):
        """Names the layer class and `check` in errors raised inside."""
        label = f"{self.layer_cls.__name__}: the {check} check failed"
        try:
            yield
        except AssertionError as e:
            raise AssertionError(f"{label}: {e}") from e
        except Exception as e:
            if hasattr(e, "add_note"):
                e.add_note(f"({label} with this error.)")
            raise

    def new_layer(self, **overrides):
        return self.layer_cls(**{**self.init_kwargs, **overrides})

    def built_after_instantiation(self):
        layer = self.new_layer()
        self.test.assertTrue(
            layer.built,
            f"{self.layer_cls.__name__} has no state to build, so it "
            "should be built right after instantiation.",
        )

    def supports_masking(self, expected):
        layer = self.new_layer()
        self.test.assertEqual(
            layer.supports_masking, expected,
            f"expected supports_masking={expected}, received "
            f"{layer.supports_masking}",
        )

    def set_inputs(self, data):
        self.data = data
        self.as_kwargs = isinstance(data, dict) and set(data) <= set(
            _call_parameters(self.layer_cls)
        )

    def call(self, layer, inputs):
        if self.as_kwargs:
            return layer(**inputs, **self.call_kwargs)
        return layer(inputs, **self.call_kwargs)

    # -- eager ------------------------------------------------------------

    def eager_call(self, expected):
        layer = self.new_layer()
        outputs = self.call(layer, _to_tensors(self.data))
        if expected["shape"] is not None:
            _assert_shapes(outputs, expected["shape"], exact_batch=True)
        if expected["dtype"] is not None:
            _assert_dtypes(outputs, expected["dtype"])
        for x in tree.flatten(outputs):
            self.test.assertSparse(x, expected["sparse"])
            if expected["ragged"]:
                self.test.assertRagged(x)
        if expected["values"] is not None:
            _assert_values(self.test, outputs, expected["values"])
        self.assert_counts(layer, expected, after="an eager call")
        if expected["losses"] is not None:
            _assert_count(len(layer.losses), expected["losses"], "losses",
                          "an eager call")
        if expected["mask_shape"] is not None:
            self.assert_mask(layer, expected["mask_shape"])
        return layer, outputs

    def assert_counts(self, layer, expected, after):
        for key in ("trainable_weights", "non_trainable_weights",
                    "non_trainable_variables"):
            if expected[key] is not None:
                _assert_count(len(getattr(layer, key)), expected[key], key,
                              after)
        if expected["seed_generators"] is not None:
            _assert_count(_count_seed_generators(layer),
                          expected["seed_generators"], "seed_generators",
                          after)

    def assert_mask(self, layer, expected_shape):
        inputs = _to_tensors(self.data)
        mask = layer.compute_mask(inputs, None)
        if mask is None and backend.is_tensor(inputs) and inputs.shape:
            # A layer that passes masks on needs one to pass.
            from keras.src import ops

            mask = layer.compute_mask(
                inputs, ops.ones(tuple(inputs.shape)[:-1], dtype="bool")
            )
        if mask is None:
            raise AssertionError(
                f"expected an output mask of shape {expected_shape}, but "
                "compute_mask() returned None"
            )
        _assert_shapes(mask, expected_shape, exact_batch=True,
                       what="output mask shape")

    # -- symbolic -----------------------------------------------------------

    def symbolic_call(self, expected, eager_outputs):
        from keras.src.models.model import Model

        layer = self.new_layer()
        inputs = _symbolic_inputs(self.data)
        outputs = self.call(layer, inputs)
        _assert_shapes(outputs, _shapes_of(eager_outputs),
                       exact_batch=False)
        if expected["shape"] is not None:
            _assert_shapes(outputs, expected["shape"], exact_batch=False)
        _assert_dtypes(outputs, _dtypes_of(eager_outputs))
        for x in tree.flatten(outputs):
            self.test.assertEqual(
                bool(x.sparse), bool(expected["sparse"]),
                f"symbolic output sparse={x.sparse}, expected "
                f"{expected['sparse']}",
            )
        self.assert_counts(layer, expected, after="a symbolic call")
        if not self.as_kwargs:
            shapes = tree.map_structure(lambda x: tuple(x.shape), inputs)
            _assert_shapes_match(
                layer.compute_output_shape(shapes), _shapes_of(outputs),
                "compute_output_shape() and the symbolic call disagree",
            )
        model = Model(inputs, outputs)
        model_outputs = model(_to_tensors(self.data))
        _assert_shapes(model_outputs, _shapes_of(eager_outputs),
                       exact_batch=True)

    # -- build config -------------------------------------------------------

    def build_from_config(self, layer):
        config = layer.get_build_config()
        if not config:
            return
        fresh = self.layer_cls.from_config(layer.get_config())
        fresh.build_from_config(config)
        self.test.assertTrue(
            fresh.built, "the layer is not built after build_from_config()"
        )
        expected = [tuple(v.shape) for v in layer.weights]
        received = [tuple(v.shape) for v in fresh.weights]
        self.test.assertEqual(
            received, expected,
            "build_from_config(get_build_config()) created weights of "
            f"shapes {received}, the called layer has {expected}",
        )

    # -- mixed precision ----------------------------------------------------

    def mixed_precision(self):
        policy = _MIXED_POLICY
        if (
            backend.backend() == "torch"
            or "dtype" in self.init_kwargs
            or not _all_float_dense(self.data)
        ):
            return
        layer = self.new_layer(dtype=policy)
        outputs = self.call(layer, _to_tensors(self.data))
        for what, values, dtype in (
            ("output", tree.flatten(outputs), layer.compute_dtype),
            ("variable", layer.weights, layer.variable_dtype),
        ):
            received = [backend.standardize_dtype(v.dtype) for v in values]
            wrong = [d for d in received
                     if backend.is_float_dtype(d) and d != dtype]
            if wrong:
                raise AssertionError(
                    f"under {policy!r} every float {what} should be in "
                    f"{dtype}; received {what} dtypes {received}"
                )

    # -- training -----------------------------------------------------------

    def training(self, eager_outputs):
        from keras.src.models.model import Model

        if backend.backend() == "numpy":
            return  # The numpy backend cannot train.
        flat = tree.flatten(eager_outputs)
        if not _all_float_dense(self.data, allow_int=True) or not all(
            backend.is_float_dtype(backend.standardize_dtype(x.dtype))
            and not _is_sparse(x) and not _is_ragged(x) for x in flat
        ):
            return  # An MSE loss needs dense float outputs.
        if not hasattr(Model, "fit"):
            skipped = self.test.__dict__.setdefault(
                "skipped_layer_checks", []
            )
            skipped.append("training")
            return
        targets = tree.map_structure(
            lambda x: np.zeros(tuple(x.shape), backend.standardize_dtype(
                x.dtype)), eager_outputs,
        )
        for jit_compile in self.jit_options():
            self.fit_once(targets, jit_compile)

    def jit_options(self):
        # Compiling costs seconds a step (CI has two cores), so a layer
        # class is checked compiled once per process; later calls with
        # other arguments train eagerly. The supports_jit truth sweep
        # (integration_tests/) compiles every layer on every backend.
        if self.layer_cls in _COMPILED_TRAINING_CHECKED:
            return [False]
        _COMPILED_TRAINING_CHECKED.add(self.layer_cls)
        jit_options = ["auto"]
        if backend.backend() == "torch":
            options = dict(self.test.torch_training_jit_compile)
            if not self.new_layer().supports_jit["torch"]:
                # Its steps are compiled around the layer, not as one graph.
                options.pop("fullgraph", None)
            jit_options.append(options)
        return jit_options

    def fit_once(self, targets, jit_compile):
        from keras.src.models.model import Model

        check = self

        class LayerModel(Model):
            def __init__(self):
                super().__init__()
                self.layer = check.new_layer()

            def call(self, inputs):
                return check.call(self.layer, inputs)

        model = LayerModel()
        model.compile(optimizer="sgd", loss="mse", jit_compile=jit_compile)
        batch = len(tree.flatten(targets)[0])
        model.fit(self.data, targets, batch_size=batch, epochs=1,
                  verbose=0)


# Layer classes whose training check already ran compiled in this process.
_COMPILED_TRAINING_CHECKED = set()


def _validate_layer_test_arguments(input_shape, input_data, input_sparse,
                                   input_ragged, expected_output,
                                   supports_masking, expected_mask_shape):
    problems = [
        (input_shape is not None and input_data is not None,
         "pass `input_shape` (random inputs) or `input_data`, not both. "
         f"Received: input_shape={input_shape} and input_data of type "
         f"{type(input_data).__name__}"),
        (expected_output is not None and input_data is None,
         "`expected_output` needs `input_data` (the outputs of random "
         f"inputs are unknown). Received: input_shape={input_shape}"),
        (expected_mask_shape is not None and supports_masking is not True,
         "`expected_mask_shape` needs `supports_masking=True`. Received: "
         f"supports_masking={supports_masking}"),
        (input_sparse and input_ragged,
         "inputs cannot be both sparse and ragged. Received: "
         "input_sparse=True, input_ragged=True"),
    ]
    for failed, message in problems:
        if failed:
            raise ValueError(f"run_layer_test: {message}")


# -- inputs -------------------------------------------------------------------


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(
        d is None or isinstance(d, (int, np.integer)) for d in value
    )


def _map_shapes(fn, shapes, *others):
    """Applies `fn(shape, *other_leaves)` to each shape in `shapes`; each
    of `others` is a matching structure or one value for all."""
    if _is_shape(shapes):
        return fn(tuple(shapes), *others)

    def pick(other, key):
        nested = isinstance(other, (dict, list, tuple)) and not _is_shape(
            other
        )
        return other[key] if nested else other

    if isinstance(shapes, dict):
        return {
            k: _map_shapes(fn, v, *[pick(o, k) for o in others])
            for k, v in shapes.items()
        }
    return type(shapes)(
        _map_shapes(fn, s, *[pick(o, i) for o in others])
        for i, s in enumerate(shapes)
    )


def _random_inputs(input_shape, input_dtype, sparse, ragged):
    rng = np.random.default_rng(1337)

    def make(shape, dtype):
        dtype = backend.standardize_dtype(dtype or backend.floatx())
        if dtype == "bool":
            x = rng.integers(0, 2, size=shape).astype(bool)
        elif backend.is_float_dtype(dtype):
            x = rng.uniform(0.0, 3.0, size=shape).astype(
                _numpy_dtype(dtype)
            )
        else:
            x = rng.integers(0, 3, size=shape).astype(dtype)
        if sparse or ragged:
            return _to_sparse_or_ragged(x, sparse)
        return x

    return _map_shapes(make, input_shape, input_dtype)


def _numpy_dtype(dtype):
    if dtype == "bfloat16":
        import ml_dtypes

        return ml_dtypes.bfloat16
    return dtype


def _to_sparse_or_ragged(x, sparse):
    kind = "sparse" if sparse else "ragged"
    supported = (
        backend.SUPPORTS_SPARSE_TENSORS if sparse
        else backend.SUPPORTS_RAGGED_TENSORS
    )
    if not supported or backend.backend() != "tensorflow":
        raise ValueError(
            f"run_layer_test: backend {backend.backend()} has no {kind} "
            f"tensors, so `input_{kind}=True` cannot be tested on it."
        )
    # TensorFlow is the only backend with both kinds; its module is
    # already loaded by the backend.
    tf = sys.modules["tensorflow"]
    if sparse:
        return tf.sparse.from_dense(x)
    return tf.RaggedTensor.from_tensor(x)


def _to_tensors(data):
    return tree.map_structure(
        lambda x: backend.convert_to_tensor(x)
        if isinstance(x, np.ndarray) else x,
        data,
    )


def _symbolic_inputs(data):
    from keras.src.layers.core.input_layer import Input

    def make(x):
        shape = tuple(x.shape)
        batch_shape = (None,) + shape[1:] if shape else shape
        return Input(
            batch_shape=batch_shape,
            dtype=backend.standardize_dtype(x.dtype),
            sparse=_is_sparse(x),
            ragged=_is_ragged(x),
        )

    return tree.map_structure(make, data)


def _all_float_dense(data, allow_int=False):
    for x in tree.flatten(data):
        if _is_sparse(x) or _is_ragged(x):
            return False
        dtype = backend.standardize_dtype(x.dtype)
        if not backend.is_float_dtype(dtype) and not allow_int:
            return False
    return True


def _call_parameters(layer_cls):
    import inspect

    return [
        name for name in inspect.signature(layer_cls.call).parameters
        if name != "self"
    ]


# -- comparisons --------------------------------------------------------------


def _shapes_of(outputs):
    return tree.map_structure(lambda x: tuple(x.shape), outputs)


def _dtypes_of(outputs):
    return tree.map_structure(
        lambda x: backend.standardize_dtype(x.dtype), outputs
    )


def _flat_shapes(shapes):
    """The shapes of a structure of shapes (or one shape), in order."""
    flat = []
    _map_shapes(flat.append, shapes)
    return flat


def _assert_shapes(outputs, expected, exact_batch, what="output shapes"):
    """Asserts the outputs' shapes; without `exact_batch` a `None` in the
    first axis (or anywhere on the output side) matches any size."""
    flat = tree.flatten(outputs)
    expected_flat = _flat_shapes(expected)
    received = [tuple(x.shape) for x in flat]
    if len(expected_flat) != len(received) or not all(
        _shape_matches(r, e, exact_batch)
        for r, e in zip(received, expected_flat)
    ):
        raise AssertionError(
            f"expected {what} {_describe(expected_flat)}, received "
            f"{_describe(received)}"
        )


def _shape_matches(received, expected, exact_batch):
    if len(received) != len(expected):
        return False
    for axis, (r, e) in enumerate(zip(received, expected)):
        if r == e or e is None and (axis == 0 or not exact_batch):
            continue
        if r is None and not exact_batch:
            continue
        return False
    return True


def _assert_shapes_match(actual, expected, message):
    actual_flat = _flat_shapes(actual)
    expected_flat = _flat_shapes(expected)
    if len(actual_flat) != len(expected_flat) or not all(
        _shape_matches(a, e, exact_batch=False)
        for a, e in zip(actual_flat, expected_flat)
    ):
        raise AssertionError(
            f"{message}: {_describe(actual_flat)} vs "
            f"{_describe(expected_flat)}"
        )


def _describe(shapes):
    return shapes[0] if len(shapes) == 1 else shapes


def _assert_dtypes(outputs, expected):
    flat = tree.flatten(outputs)
    if isinstance(expected, str) or not tree.is_nested(expected):
        expected_flat = [expected] * len(flat)
    else:
        expected_flat = tree.flatten(expected)
    expected_flat = [backend.standardize_dtype(d) for d in expected_flat]
    received = [backend.standardize_dtype(x.dtype) for x in flat]
    if received != expected_flat:
        raise AssertionError(
            f"expected output dtypes {_describe(expected_flat)}, received "
            f"{_describe(received)}"
        )


def _assert_values(test, outputs, expected):
    flat = tree.flatten(outputs)
    if len(flat) == 1:
        expected_flat = [expected]
    elif isinstance(expected, dict):
        expected_flat = [expected[k] for k in sorted(expected)]
    else:
        expected_flat = list(expected)
    if len(expected_flat) != len(flat):
        raise AssertionError(
            f"expected {len(expected_flat)} outputs, received {len(flat)}"
        )
    for x, e in zip(flat, expected_flat):
        test.assertAllClose(x, e, msg="the output values differ")


def _assert_count(received, expected, what, after):
    if received != expected:
        raise AssertionError(
            f"expected {expected} {what} after {after}, received {received}"
        )


def _count_seed_generators(layer):
    return sum(
        len(getattr(sublayer, "_seed_generators", []))
        for sublayer in layer._flatten_layers()
    )


def _json_default(value):
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"{value!r} is not JSON serializable")


def _as_json(value):
    """`value` as JSON would return it (tuples become lists)."""
    return json.loads(json.dumps(value, default=_json_default,
                                 sort_keys=True))


def _assert_same_json(test, first, second, message):
    test.assertEqual(_as_json(first), _as_json(second), message)


def _assert_same_attributes(test, instance, revived):
    if getattr(instance, "built", False) and not getattr(
        revived, "built", True
    ):
        build_config = instance.get_build_config()
        if build_config:
            revived.build_from_config(build_config)

    def public(obj):
        return {name for name in dir(obj) if not name.startswith("_")}

    only_original = public(instance) - public(revived)
    only_revived = public(revived) - public(instance)
    if only_original or only_revived:
        raise AssertionError(
            f"{type(instance).__name__}.from_config(get_config()) has "
            "different public attributes: only on the original: "
            f"{sorted(only_original)}; only on the copy: "
            f"{sorted(only_revived)}"
        )


# -- tensors ------------------------------------------------------------------


def _is_sparse(x):
    return bool(getattr(x, "sparse", False)) or (
        type(x).__name__ in ("SparseTensor", "BCOO")
    )


def _is_ragged(x):
    return bool(getattr(x, "ragged", False)) or (
        type(x).__name__ == "RaggedTensor"
    )


def _to_numpy(x):
    if isinstance(x, (list, tuple)) and x and (
        backend.is_tensor(x[0]) or isinstance(x[0], backend.Variable)
    ):
        return np.stack([_to_numpy(e) for e in x])
    if backend.is_tensor(x) or isinstance(x, backend.Variable):
        return backend.convert_to_numpy(x)
    return np.asarray(x)
