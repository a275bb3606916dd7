import numpy as np
import pytest

import keras
from keras.src import constraints
from keras.src import ops
from keras.src import regularizers
from keras.src import testing
from keras.src.layers.core.dense import Dense
from keras.src.layers.core.masking import Masking
from keras.src.saving import serialization_lib


def _np(x):
    return ops.convert_to_numpy(x)


class DenseTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            Dense,
            init_kwargs={"units": 2, "activation": "relu",
                         "kernel_regularizer": "l2"},
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 3, 2),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=1,
            supports_masking=True,
        )

    def test_run_layer_test_with_lora(self):
        self.run_layer_test(
            Dense,
            init_kwargs={"units": 3, "lora_rank": 2},
            input_shape=(2, 4),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=3,
            expected_num_non_trainable_weights=1,
            supports_masking=True,
        )

    def test_output_matches_numpy(self):
        layer = Dense(
            4, activation="relu", bias_initializer="random_normal"
        )
        x = np.random.RandomState(0).randn(3, 5).astype("float32")
        y = layer(x)
        kernel, bias = layer.get_weights()
        self.assertAllClose(y, np.maximum(x @ kernel + bias, 0), atol=1e-5)
        self.assertEqual(kernel.shape, (5, 4))
        self.assertEqual(bias.shape, (4,))

    def test_backend_linear_matches_matmul_plus_bias(self):
        # `Dense`'s eager product: one fused call on torch, the backend's
        # `matmul` and `add` elsewhere, with the same results and dtypes.
        from keras.src import backend

        rng = np.random.RandomState(2)
        kernel = rng.randn(5, 4).astype("float32")
        bias = rng.randn(4).astype("float32")
        for shape in [(3, 5), (2, 3, 5)]:
            x = rng.randn(*shape).astype("float32")
            y = backend.nn.linear(ops.convert_to_tensor(x),
                                  ops.convert_to_tensor(kernel),
                                  ops.convert_to_tensor(bias))
            self.assertAllClose(y, x @ kernel + bias, atol=1e-5)
            y = backend.nn.linear(ops.convert_to_tensor(x),
                                  ops.convert_to_tensor(kernel))
            self.assertAllClose(y, x @ kernel, atol=1e-5)
        # Mixed dtypes follow `matmul`'s and `add`'s promotion.
        x = ops.convert_to_tensor(np.ones((2, 5), "int8"))
        y = backend.nn.linear(x, ops.convert_to_tensor(kernel),
                              ops.convert_to_tensor(bias))
        expected = ops.add(ops.matmul(x, kernel), bias)
        self.assertEqual(backend.standardize_dtype(y.dtype),
                         backend.standardize_dtype(expected.dtype))
        self.assertAllClose(y, expected, atol=1e-5)

    def test_higher_rank_inputs_contract_last_axis(self):
        layer = Dense(2)
        x = np.random.RandomState(1).randn(2, 3, 4, 5).astype("float32")
        y = layer(x)
        self.assertEqual(tuple(y.shape), (2, 3, 4, 2))
        kernel = _np(layer.kernel)
        self.assertAllClose(y, x @ kernel, atol=1e-5)
        self.assertEqual(layer.compute_output_shape((None, 3, 5)),
                         (None, 3, 2))

    def test_weights_without_bias(self):
        layer = Dense(3, use_bias=False)
        layer.build((None, 2))
        self.assertLen(layer.weights, 1)
        self.assertIsNone(layer.bias)
        self.assertEqual([w.path for w in layer.weights],
                         [f"{layer.name}/kernel"])
        self.assertEqual(layer.count_params(), 6)

    def test_functional_model_with_none_batch(self):
        inputs = keras.Input((5, 4))
        outputs = Dense(3)(inputs)
        self.assertEqual(outputs.shape, (None, 5, 3))
        self.assertEqual(outputs.dtype, "float32")
        model = keras.Model(inputs, outputs)
        x = np.ones((2, 5, 4), "float32")
        dense = model.layers[-1]
        expected = x @ _np(dense.kernel) + _np(dense.bias)
        self.assertAllClose(model(x), expected, atol=1e-5)

    def test_config_round_trip(self):
        layer = Dense(
            5,
            activation="tanh",
            use_bias=False,
            kernel_initializer="he_normal",
            kernel_regularizer="l2",
            bias_regularizer=regularizers.L1(0.5),
            activity_regularizer="l1",
            kernel_constraint="max_norm",
            bias_constraint=constraints.NonNeg(),
            name="proj",
        )
        config = layer.get_config()
        self.assertEqual(config["units"], 5)
        self.assertEqual(config["activation"], "tanh")
        self.assertIsNone(config["quantization_config"])
        self.assertEqual(config["kernel_regularizer"]["class_name"], "L2")
        self.assertEqual(config["activity_regularizer"]["class_name"], "L1")
        self.assertNotIn("lora_rank", config)
        restored = Dense.from_config(config)
        self.assertEqual(restored.get_config(), config)
        self.assertIsInstance(restored.kernel_constraint,
                              constraints.MaxNorm)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertIsInstance(revived, Dense)
        self.assertEqual(revived.get_config(), config)

    def test_default_config_keys(self):
        config = Dense(2).get_config()
        self.assertEqual(
            sorted(config),
            sorted([
                "name", "trainable", "dtype", "units", "activation",
                "use_bias", "kernel_initializer", "bias_initializer",
                "kernel_regularizer", "bias_regularizer",
                "kernel_constraint", "bias_constraint",
                "quantization_config",
            ]),
        )
        self.assertEqual(config["activation"], "linear")
        self.assertEqual(config["kernel_initializer"]["class_name"],
                         "GlorotUniform")

    @pytest.mark.filterwarnings("ignore")
    def test_invalid_units(self):
        for units in (0, -1, 2.5, "a", None, True):
            with self.assertRaisesRegex(ValueError, "units"):
                Dense(units)
        with self.assertRaisesRegex(ValueError, r"units=0"):
            Dense(0)

    def test_invalid_other_arguments(self):
        with self.assertRaisesRegex(ValueError, "quantization_config"):
            Dense(2, quantization_config="int8")
        with self.assertRaisesRegex(ValueError, r"lora_rank=0"):
            Dense(2, lora_rank=0)
        with self.assertRaisesRegex(ValueError, "lora_alpha"):
            Dense(2, lora_rank=2, lora_alpha=-1)
        with self.assertRaisesRegex(ValueError, "nope"):
            Dense(2, activation="nope")
        with self.assertRaisesRegex(ValueError, "Unrecognized keyword"):
            Dense(2, bogus=1)

    def test_input_spec_errors_name_the_layer(self):
        layer = Dense(3, name="d1")
        layer.build((None, 4))
        with self.assertRaisesRegex(ValueError, "d1.*4"):
            layer(np.ones((2, 5), "float32"))
        with self.assertRaisesRegex(ValueError, "min_ndim=2"):
            Dense(3)(np.ones((4,), "float32"))
        with self.assertRaisesRegex(ValueError, "last axis"):
            Dense(3).build((None, None))

    def test_integer_inputs_give_float_outputs(self):
        layer = Dense(2, kernel_initializer="ones")
        y = layer(np.array([[1, 2, 3]], "int32"))
        self.assertDType(y, "float32")
        self.assertAllClose(y, [[6.0, 6.0]])

    def test_mixed_precision(self):
        layer = Dense(2, dtype="mixed_float16")
        y = layer(np.ones((3, 4), "float32"))
        self.assertDType(y, "float16")
        self.assertDType(layer.kernel, "float32")
        spec = layer.compute_output_spec(keras.KerasTensor((None, 4)))
        self.assertEqual(spec.dtype, "float16")

    def test_regularizers_and_constraints_are_attached(self):
        layer = Dense(
            2,
            kernel_regularizer=regularizers.L2(0.1),
            kernel_constraint="non_neg",
            activity_regularizer=regularizers.L1(0.5),
        )
        x = np.ones((1, 3), "float32")
        y = layer(x)
        kernel = _np(layer.kernel)
        losses = sorted(float(_np(v)) for v in layer.losses)
        expected = sorted([
            0.1 * np.sum(kernel**2), 0.5 * np.sum(np.abs(_np(y)))
        ])
        self.assertAllClose(losses, expected, atol=1e-5)
        self.assertIsInstance(layer._kernel.constraint, constraints.NonNeg)

    def test_masks_pass_through(self):
        self.assertTrue(Dense(2).supports_masking)
        inputs = keras.Input((3, 2))
        masked = Masking()(inputs)
        outputs = Dense(4)(masked)
        self.assertEqual(outputs._keras_mask.shape, (None, 3))

    def test_stateless_call(self):
        layer = Dense(2)
        layer.build((None, 3))
        kernel = np.arange(6, dtype="float32").reshape(3, 2)
        bias = np.array([1.0, -1.0], "float32")
        x = np.ones((1, 3), "float32")
        y, _ = layer.stateless_call([kernel, bias], [], x)
        self.assertAllClose(y, x @ kernel + bias)
        self.assertNotAllClose(layer.kernel, kernel)


class DenseLoraTest(testing.TestCase):
    def test_lora_rank_enables_lora_on_build(self):
        layer = Dense(3, lora_rank=2)
        self.assertFalse(layer.lora_enabled)
        layer.build((None, 4))
        self.assertTrue(layer.lora_enabled)
        self.assertEqual(
            [(w.name, tuple(w.shape), w.trainable) for w in layer.weights],
            [("kernel", (4, 3), False), ("bias", (3,), True),
             ("lora_kernel_a", (4, 2), True),
             ("lora_kernel_b", (2, 3), True)],
        )
        self.assertLen(layer.trainable_weights, 3)
        self.assertLen(layer.non_trainable_weights, 1)
        # `b` starts at zero: the output is the frozen kernel's.
        self.assertAllClose(layer.kernel, layer._kernel)

    def test_effective_kernel_uses_alpha_over_rank(self):
        layer = Dense(3, lora_rank=2, lora_alpha=6.0)
        layer.build((None, 4))
        rng = np.random.RandomState(2)
        layer.lora_kernel_b.assign(rng.randn(2, 3).astype("float32"))
        kernel = _np(layer._kernel)
        a = _np(layer.lora_kernel_a)
        b = _np(layer.lora_kernel_b)
        effective = kernel + a @ b * 3.0
        self.assertAllClose(layer.kernel, effective, atol=1e-5)
        x = rng.randn(5, 4).astype("float32")
        self.assertAllClose(layer(x), x @ effective + _np(layer.bias),
                            atol=1e-4)

    def test_enable_lora_after_build(self):
        layer = Dense(3)
        with self.assertRaisesRegex(ValueError, "not built"):
            layer.enable_lora(2)
        layer.build((None, 4))
        layer.enable_lora(2, a_initializer="ones", b_initializer="ones",
                          lora_alpha=4)
        self.assertEqual((layer.lora_rank, layer.lora_alpha), (2, 4))
        expected = _np(layer._kernel) + np.full((4, 3), 2.0 * 2.0)
        self.assertAllClose(layer.kernel, expected, atol=1e-5)
        with self.assertRaisesRegex(ValueError, "already enabled"):
            layer.enable_lora(2)
        config = layer.get_config()
        self.assertEqual((config["lora_rank"], config["lora_alpha"]), (2, 4))

    def test_enable_lora_rejects_bad_rank(self):
        layer = Dense(3)
        layer.build((None, 4))
        for rank in (0, -2, 1.5):
            with self.assertRaisesRegex(ValueError, "rank"):
                layer.enable_lora(rank)
        self.assertFalse(layer.lora_enabled)

    def test_lora_config_round_trip(self):
        layer = Dense(3, lora_rank=2, lora_alpha=4)
        config = layer.get_config()
        self.assertEqual((config["lora_rank"], config["lora_alpha"]), (2, 4))
        restored = Dense.from_config(config)
        restored.build((None, 4))
        self.assertEqual(len(restored.weights), 4)
        self.assertEqual(restored.lora_alpha, 4)

    def test_save_merges_and_load_restores_effective_kernel(self):
        layer = Dense(3, lora_rank=2)
        layer.build((None, 4))
        layer.lora_kernel_b.assign(np.ones((2, 3), "float32"))
        effective = _np(layer.kernel)
        store = {}
        layer.save_own_variables(store)
        self.assertEqual(sorted(store), ["0", "1"])
        self.assertAllClose(store["0"], effective)
        other = Dense(3, lora_rank=2)
        other.build((None, 4))
        other.load_own_variables(store)
        self.assertAllClose(other._kernel, effective)
        self.assertAllClose(other.kernel, effective)
        plain = Dense(3)
        plain.build((None, 4))
        plain.load_own_variables(store)
        self.assertAllClose(plain.kernel, effective)
        with self.assertRaisesRegex(ValueError, "expected 2 variables"):
            other.load_own_variables({"0": store["0"]})

    def test_lora_factors_get_the_kernel_regularizer(self):
        layer = Dense(3, lora_rank=2, kernel_regularizer="l2")
        layer.build((None, 4))
        self.assertIs(layer.lora_kernel_a.regularizer,
                      layer.kernel_regularizer)
        self.assertIs(layer.lora_kernel_b.regularizer,
                      layer.kernel_regularizer)

    def test_stateless_call_with_lora_factors(self):
        layer = Dense(2, lora_rank=1, use_bias=False)
        layer.build((None, 3))
        a = np.ones((3, 1), "float32")
        b = np.array([[1.0, 2.0]], "float32")
        x = np.ones((1, 3), "float32")
        y, _ = layer.stateless_call(
            [a, b], [_np(layer._kernel)], x
        )
        expected = x @ (_np(layer._kernel) + a @ b)
        self.assertAllClose(y, expected, atol=1e-5)

    def test_trainable_flag_reaches_every_weight(self):
        layer = Dense(2, lora_rank=1)
        layer.build((None, 3))
        layer.trainable = False
        self.assertLen(layer.trainable_weights, 0)
        layer.trainable = True
        self.assertLen(layer.trainable_weights, 4)
