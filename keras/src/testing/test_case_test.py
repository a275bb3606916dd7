import os
from unittest import mock

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import random
from keras.src import testing
from keras.src.layers.layer import Layer
from keras.src.models.model import Model
from keras.src.random.seed_generator import SeedGenerator
from keras.src.testing import test_case as test_case_module


class Scale(Layer):
    """One trainable and one non-trainable weight."""

    def __init__(self, factor=1.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def build(self, input_shape):
        self.scale = self.add_weight(
            shape=(input_shape[-1],), initializer="ones", name="scale"
        )
        self.offset = self.add_weight(
            shape=(input_shape[-1],), initializer="zeros", trainable=False,
            name="offset",
        )

    def call(self, x):
        return x * self.scale * self.factor + self.offset

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


class Noise(Layer):
    def __init__(self, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def call(self, x, training=False):
        if training:
            return x + random.uniform(ops.shape(x), seed=self.seed_generator,
                                      dtype=x.dtype)
        return x

    def compute_output_shape(self, input_shape):
        # Tracing a seeded draw fails on tensorflow so far.
        return tuple(input_shape)

    def get_config(self):
        return {**super().get_config(), "seed": self.seed}


class Penalty(Layer):
    def call(self, x):
        self.add_loss(ops.sum(x))
        return x

    def get_config(self):
        return super().get_config()


class NonZeroMask(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, x):
        return x

    def compute_mask(self, x, previous_mask=None):
        return ops.any(ops.not_equal(x, 0), axis=-1)

    def get_config(self):
        return super().get_config()


class PassMask(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, x):
        return x * 2.0

    def get_config(self):
        return super().get_config()


class AddPair(Layer):
    def call(self, inputs):
        return inputs[0] + inputs[1]

    def get_config(self):
        return super().get_config()


class Weighted(Layer):
    def call(self, a, b):
        return a * 2.0 + b

    def get_config(self):
        return super().get_config()


class Round(Layer):
    def call(self, x):
        return ops.cast(ops.round(x), "int32")

    def compute_output_spec(self, x):
        return backend.KerasTensor(x.shape, "int32")

    def get_config(self):
        return super().get_config()


class BadConfig(Scale):
    def get_config(self):
        return {**super().get_config(), "factor": self.factor + 1}


class WrongShape(Scale):
    def compute_output_shape(self, input_shape):
        return tuple(input_shape) + (1,)


class WrongBuildConfig(Scale):
    """Saves a build config that does not match how it was built."""

    def get_build_config(self):
        return {"input_shape": (None, 7)}


class Float32Output(Layer):
    def call(self, x):
        return ops.cast(x, "float32")

    def get_config(self):
        return super().get_config()


class Stateless(Layer):
    def __init__(self, built=True, **kwargs):
        super().__init__(**kwargs)
        self.built = built
        self.marked_built = built

    def call(self, x):
        return x

    def get_config(self):
        return {**super().get_config(), "built": self.marked_built}


class ExtraAttribute(Layer):
    def __init__(self, flag=False, **kwargs):
        super().__init__(**kwargs)
        if flag:
            self.extra = 1

    def get_config(self):
        return super().get_config()


CUSTOM = {
    cls.__name__: cls
    for cls in (Scale, Noise, Penalty, NonZeroMask, PassMask, AddPair,
                Weighted, Round, BadConfig, WrongShape, WrongBuildConfig,
                Float32Output, Stateless, ExtraAttribute)
}


class RunLayerTestPassesTest(testing.TestCase):
    def test_weights_and_values(self):
        x = np.arange(6, dtype="float32").reshape(2, 3)
        self.run_layer_test(
            Scale,
            {"factor": 2.0},
            input_data=x,
            expected_output=x * 2.0,
            expected_output_shape=(2, 3),
            expected_output_dtype="float32",
            expected_num_trainable_weights=1,
            expected_num_non_trainable_weights=1,
            expected_num_non_trainable_variables=1,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
            custom_objects=CUSTOM,
        )

    def test_seed_generator_and_training_kwarg(self):
        self.run_layer_test(
            Noise,
            {"seed": 3},
            input_shape=(2, 4),
            call_kwargs={"training": True},
            expected_output_shape=(2, 4),
            expected_num_seed_generators=1,
            expected_num_non_trainable_variables=1,
            custom_objects=CUSTOM,
        )

    def test_losses(self):
        self.run_layer_test(
            Penalty, {}, input_shape=(2, 3), expected_num_losses=1,
            expected_output_shape=(2, 3), custom_objects=CUSTOM,
        )

    def test_computed_mask(self):
        self.run_layer_test(
            NonZeroMask, {}, input_shape=(2, 5, 3), supports_masking=True,
            expected_mask_shape=(2, 5), custom_objects=CUSTOM,
        )

    def test_passed_through_mask(self):
        self.run_layer_test(
            PassMask, {}, input_shape=(2, 5, 3), supports_masking=True,
            expected_mask_shape=(2, 5), custom_objects=CUSTOM,
        )

    def test_list_inputs(self):
        self.run_layer_test(
            AddPair, {}, input_shape=[(2, 3), (2, 3)],
            expected_output_shape=(2, 3), custom_objects=CUSTOM,
        )

    def test_dict_inputs_are_keyword_arguments(self):
        a = np.ones((2, 3), "float32")
        b = np.full((2, 3), 0.5, "float32")
        self.run_layer_test(
            Weighted, {}, input_data={"a": a, "b": b},
            expected_output=np.full((2, 3), 2.5), custom_objects=CUSTOM,
            # `Layer` autocasts only the first positional argument so far.
            run_mixed_precision_check=False,
        )

    def test_integer_output(self):
        self.run_layer_test(
            Round, {}, input_shape=(2, 3), expected_output_dtype="int32",
            expected_output_shape=(2, 3), custom_objects=CUSTOM,
        )

    def test_integer_inputs_skip_mixed_precision(self):
        self.run_layer_test(
            Float32Output, {}, input_shape=(2, 3), input_dtype="int32",
            expected_output_dtype="float32", custom_objects=CUSTOM,
        )

    def test_serialization_only(self):
        self.run_layer_test(Scale, {"factor": 3.0}, custom_objects=CUSTOM)

    def test_built_after_instantiation(self):
        self.run_layer_test(
            Stateless, {}, input_shape=(2, 3),
            assert_built_after_instantiation=True, custom_objects=CUSTOM,
        )

    def test_training_check_is_recorded_until_fit_exists(self):
        self.run_layer_test(Scale, {}, input_shape=(2, 3),
                            custom_objects=CUSTOM)
        skipped = "training" in self.skipped_layer_checks
        expected = backend.backend() != "numpy" and not hasattr(Model, "fit")
        self.assertEqual(skipped, expected)


class TrainingCheckTest(testing.TestCase):
    def test_fits_one_step_per_jit_mode(self):
        compiles, fits = [], []

        def compile(model, **kwargs):
            compiles.append(kwargs)

        def fit(model, x, y, **kwargs):
            fits.append((model, x, y, kwargs))
            self.assertEqual(model(x).shape, y.shape)

        with (
            mock.patch.object(Model, "compile", compile, create=True),
            mock.patch.object(Model, "fit", fit, create=True),
            # As if no layer had been checked compiled in this process.
            mock.patch.object(test_case_module,
                              "_COMPILED_TRAINING_CHECKED", set()),
        ):
            self.run_layer_test(Scale, {}, input_shape=(4, 3),
                                custom_objects=CUSTOM)
            self.run_layer_test(Round, {}, input_shape=(4, 3),
                                custom_objects=CUSTOM)
            # The same class again: trained eagerly only.
            self.run_layer_test(Scale, {}, input_shape=(4, 3),
                                custom_objects=CUSTOM)
        if backend.backend() == "numpy":
            self.assertEqual(fits, [])
            return
        modes = ["auto"]
        if backend.backend() == "torch":
            modes.append(self.torch_training_jit_compile)
        modes.append(False)
        self.assertEqual([c["jit_compile"] for c in compiles], modes)
        self.assertEqual({(c["optimizer"], c["loss"]) for c in compiles},
                         {("sgd", "mse")})
        for model, x, y, kwargs in fits:
            self.assertIsInstance(model.layer, Scale)
            self.assertEqual(kwargs["batch_size"], 4)
            self.assertEqual(kwargs["epochs"], 1)
        self.assertEqual(self.skipped_layer_checks, [])


class RunLayerTestFailuresTest(testing.TestCase):
    def assert_check_fails(self, check, **kwargs):
        layer_cls = kwargs.pop("layer_cls", Scale)
        kwargs.setdefault("custom_objects", CUSTOM)
        kwargs.setdefault("init_kwargs", {})
        pattern = f"{layer_cls.__name__}: the {check} check failed"
        with self.assertRaisesRegex(AssertionError, pattern):
            self.run_layer_test(layer_cls, **kwargs)

    def test_wrong_config(self):
        self.assert_check_fails("serialization", layer_cls=BadConfig)

    def test_wrong_weight_counts(self):
        for key in ("expected_num_trainable_weights",
                    "expected_num_non_trainable_weights",
                    "expected_num_non_trainable_variables",
                    "expected_num_seed_generators",
                    "expected_num_losses"):
            self.assert_check_fails(
                "eager call", input_shape=(2, 3), **{key: 5}
            )

    def test_wrong_output_shape_dtype_values(self):
        self.assert_check_fails(
            "eager call", input_shape=(2, 3), expected_output_shape=(2, 4)
        )
        self.assert_check_fails(
            "eager call", input_shape=(2, 3),
            expected_output_dtype="float16",
        )
        self.assert_check_fails(
            "eager call", input_data=np.ones((2, 3), "float32"),
            expected_output=np.zeros((2, 3)),
        )
        self.assert_check_fails(
            "eager call", input_shape=(2, 3), expected_output_sparse=True
        )

    def test_wrong_masking(self):
        self.assert_check_fails(
            "supports_masking", input_shape=(2, 3), supports_masking=True
        )
        self.assert_check_fails(
            "eager call", layer_cls=NonZeroMask, input_shape=(2, 5, 3),
            supports_masking=True, expected_mask_shape=(2, 5, 3),
        )

    def test_wrong_compute_output_shape(self):
        self.assert_check_fails(
            "symbolic call", layer_cls=WrongShape, input_shape=(2, 3)
        )

    def test_wrong_build_config(self):
        self.assert_check_fails(
            "build from config", layer_cls=WrongBuildConfig, input_shape=(2, 3),
            run_mixed_precision_check=False,
        )

    def test_mixed_precision(self):
        kwargs = {"layer_cls": Float32Output, "input_shape": (2, 3)}
        if backend.backend() == "torch":
            self.run_layer_test(Float32Output, {}, input_shape=(2, 3),
                                custom_objects=CUSTOM)
        else:
            self.assert_check_fails("mixed precision", **kwargs)
        self.run_layer_test(
            Float32Output, {}, input_shape=(2, 3),
            run_mixed_precision_check=False, custom_objects=CUSTOM,
        )

    def test_not_built_after_instantiation(self):
        self.assert_check_fails(
            "built after instantiation", layer_cls=Stateless,
            init_kwargs={"built": False},
            assert_built_after_instantiation=True,
        )

    def test_bad_arguments(self):
        cases = [
            ({"input_shape": (2, 3), "input_data": np.ones((2, 3))},
             "not both"),
            ({"input_shape": (2, 3), "expected_output": np.ones((2, 3))},
             "`expected_output` needs `input_data`"),
            ({"input_shape": (2, 3), "expected_mask_shape": (2,)},
             "`expected_mask_shape` needs `supports_masking=True`"),
            ({"input_shape": (2, 3), "input_sparse": True,
              "input_ragged": True}, "both sparse and ragged"),
        ]
        for kwargs, message in cases:
            with self.assertRaisesRegex(ValueError, message):
                self.run_layer_test(Scale, {}, custom_objects=CUSTOM,
                                    **kwargs)


class SerializationTestTest(testing.TestCase):
    def test_round_trip_returns_copy(self):
        layer = Scale(factor=2.0, name="scaled")
        copy = self.run_class_serialization_test(layer, CUSTOM)
        self.assertIsInstance(copy, Scale)
        self.assertIsNot(copy, layer)
        self.assertEqual(copy.factor, 2.0)
        self.assertEqual(copy.name, "scaled")

    def test_built_instance(self):
        layer = Scale()
        layer(np.ones((1, 3), "float32"))
        self.run_class_serialization_test(layer, CUSTOM)

    def test_missing_attribute_fails(self):
        with self.assertRaisesRegex(AssertionError, "only on the original"):
            self.run_class_serialization_test(
                ExtraAttribute(flag=True), CUSTOM
            )

    def test_wrong_config_fails(self):
        with self.assertRaisesRegex(AssertionError, "differs from config"):
            self.run_class_serialization_test(BadConfig(), CUSTOM)


class AssertionsTest(testing.TestCase):
    def test_close_and_equal(self):
        x = ops.convert_to_tensor([1.0, 2.0])
        self.assertAllClose(x, [1.0, 2.0 + 1e-8])
        self.assertAllClose(actual=x, desired=np.array([1.0, 2.0]))
        self.assertNotAllClose(x, [1.0, 2.5])
        self.assertAlmostEqual(ops.sum(x), 3.0001)
        self.assertAllEqual([x, x], [[1.0, 2.0], [1.0, 2.0]])
        with self.assertRaises(AssertionError):
            self.assertAllClose(x, [1.0, 2.1])
        with self.assertRaises(AssertionError):
            self.assertNotAllClose(x, x)

    def test_len_dtype_sparse_ragged(self):
        x = ops.ones((2, 3), dtype="int32")
        self.assertLen([1, 2], 2)
        self.assertDType(x, "int32")
        self.assertSparse(x, sparse=False)
        self.assertRagged(x, ragged=False)
        with self.assertRaises(AssertionError):
            self.assertSparse(x)
        with self.assertRaises(AssertionError):
            self.assertRagged(x)

    def test_convert_to_numpy(self):
        x = ops.ones((2,))
        self.assertIsInstance(self.convert_to_numpy(x), np.ndarray)
        self.assertEqual(self.convert_to_numpy([x, x]).shape, (2, 2))
        converted = self.convert_to_numpy({"a": x})
        self.assertIsInstance(converted["a"], np.ndarray)

    def test_temp_dir_is_removed_at_cleanup(self):
        path = self.get_temp_dir()
        self.assertTrue(os.path.isdir(path))
        self.doCleanups()
        self.assertFalse(os.path.exists(path))
