import numpy as np
from absl.testing import parameterized

import keras
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.einsum_dense import EinsumDense
from keras.src.layers.core.einsum_dense import parse_equation
from keras.src.saving import serialization_lib

CASES = [
    dict(testcase_name="dense", equation="ab,bc->ac", output_shape=4,
         bias_axes=None, input_shape=(2, 3), kernel=(3, 4), bias=None,
         output=(2, 4)),
    dict(testcase_name="dense_bias", equation="ab,bc->ac", output_shape=4,
         bias_axes="c", input_shape=(2, 3), kernel=(3, 4), bias=(4,),
         output=(2, 4)),
    dict(testcase_name="sequence_none", equation="abc,cd->abd",
         output_shape=(None, 5), bias_axes="d", input_shape=(2, 4, 3),
         kernel=(3, 5), bias=(5,), output=(2, 4, 5)),
    dict(testcase_name="split_heads", equation="abc,cde->abde",
         output_shape=(None, 5, 6), bias_axes="de", input_shape=(2, 4, 3),
         kernel=(3, 5, 6), bias=(5, 6), output=(2, 4, 5, 6)),
    dict(testcase_name="bias_with_gap", equation="abc,cde->abde",
         output_shape=(4, 5, 6), bias_axes="be", input_shape=(2, 4, 3),
         kernel=(3, 5, 6), bias=(4, 1, 6), output=(2, 4, 5, 6)),
    dict(testcase_name="merge_heads", equation="BTNH,NHD->BTD",
         output_shape=(None, 8), bias_axes="D", input_shape=(2, 6, 2, 3),
         kernel=(2, 3, 8), bias=(8,), output=(2, 6, 8)),
    dict(testcase_name="transposed_kernel", equation="abc,dc->adb",
         output_shape=(4, 5), bias_axes="d", input_shape=(2, 5, 3),
         kernel=(4, 3), bias=(4, 1), output=(2, 4, 5)),
    dict(testcase_name="left_ellipsis", equation="...b,bc->...c",
         output_shape=4, bias_axes="c", input_shape=(2, 2, 3, 5),
         kernel=(5, 4), bias=(4,), output=(2, 2, 3, 4)),
    dict(testcase_name="left_ellipsis_two_letters",
         equation="...ab,bc->...ac", output_shape=(7, 4), bias_axes="c",
         input_shape=(2, 3, 7, 5), kernel=(5, 4), bias=(4,),
         output=(2, 3, 7, 4)),
    dict(testcase_name="right_ellipsis", equation="ab...,bc->ac...",
         output_shape=4, bias_axes="c", input_shape=(2, 5, 7, 3),
         kernel=(5, 4), bias=(4, 1, 1), output=(2, 4, 7, 3)),
]


class EinsumDenseTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            EinsumDense,
            init_kwargs={"equation": "abc,cde->abde",
                         "output_shape": (None, 3, 4), "bias_axes": "de"},
            input_shape=(2, 5, 2),
            expected_output_shape=(2, 5, 3, 4),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
        )

    @parameterized.named_parameters(*CASES)
    def test_shapes_and_values(self, equation, output_shape, bias_axes,
                               input_shape, kernel, bias, output):
        # Random values set from NumPy: JAX compiles random initializers
        # once per shape, which is slow.
        layer = EinsumDense(
            equation, output_shape, bias_axes=bias_axes,
            kernel_initializer="zeros",
        )
        layer.build(input_shape)
        rng = np.random.RandomState(0)
        for weight in layer.weights:
            weight.assign(rng.randn(*weight.shape).astype("float32"))
        x = rng.randn(*input_shape).astype("float32")
        y = layer(x)
        self.assertEqual(tuple(y.shape), output)
        self.assertEqual(tuple(layer.kernel.shape), kernel)
        if bias is None:
            self.assertIsNone(layer.bias)
            self.assertLen(layer.weights, 1)
        else:
            self.assertEqual(tuple(layer.bias.shape), bias)
        expected = np.einsum(
            equation, x, ops.convert_to_numpy(layer.kernel)
        )
        if bias is not None:
            expected = expected + ops.convert_to_numpy(layer.bias)
        self.assertAllClose(y, expected, atol=1e-4, rtol=1e-4)
        self.assertEqual(layer.compute_output_shape(input_shape), output)

    @parameterized.named_parameters(*CASES)
    def test_symbolic_none_batch(self, equation, output_shape, bias_axes,
                                 input_shape, kernel, bias, output):
        inputs = keras.Input(batch_shape=(None,) + input_shape[1:])
        layer = EinsumDense(equation, output_shape, bias_axes=bias_axes,
                            kernel_initializer="zeros")
        outputs = layer(inputs)
        self.assertEqual(outputs.shape, (None,) + output[1:])
        self.assertEqual(tuple(layer.kernel.shape), kernel)
        model = keras.Model(inputs, outputs)
        x = np.ones(input_shape, "float32")
        self.assertEqual(tuple(model(x).shape), output)

    def test_unknown_axis_in_output_shape_stays_unknown(self):
        layer = EinsumDense("abc,cd->abd", (None, 5))
        self.assertEqual(layer.compute_output_shape((None, None, 3)),
                         (None, None, 5))

    def test_activation(self):
        layer = EinsumDense("ab,bc->ac", 3, activation="relu",
                            kernel_initializer="ones")
        y = layer(np.array([[1.0, -3.0]], "float32"))
        self.assertAllClose(y, [[0.0, 0.0, 0.0]])

    def test_input_spec_after_build(self):
        layer = EinsumDense("ab,bc->ac", 3, name="ed")
        self.assertIsNone(layer.input_spec)
        layer.build((None, 2))
        with self.assertRaisesRegex(ValueError, "ed.*ndim=2"):
            layer(np.ones((2, 2, 2), "float32"))

    def test_config_round_trip(self):
        layer = EinsumDense(
            "abc,cde->abde", (None, 5, 6), activation="gelu",
            bias_axes="e", kernel_regularizer="l1",
            kernel_constraint="unit_norm", name="proj",
        )
        config = layer.get_config()
        self.assertEqual(config["output_shape"], (None, 5, 6))
        self.assertEqual(config["equation"], "abc,cde->abde")
        self.assertEqual(config["bias_axes"], "e")
        self.assertIsNone(config["activity_regularizer"])
        self.assertIsNone(config["quantization_config"])
        self.assertEqual(EinsumDense(
            "ab,bc->ac", 4).get_config()["output_shape"], (4,))
        restored = EinsumDense.from_config(config)
        self.assertEqual(restored.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)

    def test_parse_equation(self):
        self.assertEqual(parse_equation("ab,bc->ac"),
                         ("ab", "bc", "ac", None))
        self.assertEqual(parse_equation("...ab,bc->...ac"),
                         ("ab", "bc", "ac", "left"))
        self.assertEqual(parse_equation("ab...,bc->ac..."),
                         ("ab", "bc", "ac", "right"))

    def test_invalid_equations(self):
        for equation in ("ab,bc", "ab,bc,cd->ad", "...ab,bc->ac",
                         "a...b,bc->ac", 3, "ab,b...->a"):
            with self.assertRaisesRegex(ValueError, "Invalid einsum"):
                EinsumDense(equation, 4)

    def test_invalid_arguments(self):
        with self.assertRaisesRegex(ValueError, "bias_axes='x'"):
            EinsumDense("ab,bc->ac", 4, bias_axes="x")
        with self.assertRaisesRegex(ValueError, "output_shape"):
            EinsumDense("ab,bc->ac", "4")
        with self.assertRaisesRegex(ValueError, "output_shape"):
            EinsumDense("ab,bc->ac", (0,))
        with self.assertRaisesRegex(ValueError, "quantization_config"):
            EinsumDense("ab,bc->ac", 4, quantization_config="int8")
        with self.assertRaisesRegex(ValueError, "gptq_unpacked_column_size"):
            EinsumDense("ab,bc->ac", 4, gptq_unpacked_column_size=0)

    def test_build_errors(self):
        with self.assertRaisesRegex(ValueError, "shared dimension 'b'"):
            EinsumDense("abc,cd->abd", (4, 5)).build((None, 3, 3))
        with self.assertRaisesRegex(ValueError, "Weight dimension 'x'"):
            EinsumDense("ab,xc->ac", 4).build((None, 3))
        with self.assertRaisesRegex(ValueError, "rank 2"):
            EinsumDense("ab,bc->ac", 4).build((None, 3, 3))
        with self.assertRaisesRegex(ValueError, "at least 2"):
            EinsumDense("...ab,bc->...ac", 4).build((3,))
        with self.assertRaisesRegex(ValueError, "3 entries"):
            EinsumDense("ab,bc->ac", (2, 3, 4)).build((None, 3))
        with self.assertRaisesRegex(ValueError, "kernel axis 'b'"):
            EinsumDense("ab,bc->ac", 4).build((None, None))
        with self.assertRaisesRegex(ValueError, "bias axis 'b'"):
            EinsumDense("abc,cd->abd", (None, 4), bias_axes="bd").build(
                (None, None, 3)
            )

    def test_lora(self):
        layer = EinsumDense("abc,cde->abde", (None, 5, 6), bias_axes="e",
                            lora_rank=3, lora_alpha=6.0,
                            kernel_initializer="ones")
        layer.build((None, 4, 2))
        self.assertEqual(
            [(w.name, tuple(w.shape), w.trainable) for w in layer.weights],
            [("kernel", (2, 5, 6), False), ("bias", (6,), True),
             ("lora_kernel_a", (2, 5, 3), True),
             ("lora_kernel_b", (3, 6), True)],
        )
        rng = np.random.RandomState(3)
        layer.lora_kernel_b.assign(rng.randn(3, 6).astype("float32"))
        kernel = ops.convert_to_numpy(layer._kernel)
        a = ops.convert_to_numpy(layer.lora_kernel_a)
        b = ops.convert_to_numpy(layer.lora_kernel_b)
        effective = kernel + np.matmul(a, b) * 2.0
        self.assertAllClose(layer.kernel, effective, atol=1e-5)
        x = rng.randn(2, 4, 2).astype("float32")
        expected = np.einsum("abc,cde->abde", x, effective)
        expected = expected + ops.convert_to_numpy(layer.bias)
        self.assertAllClose(layer(x), expected, atol=1e-4)
        config = layer.get_config()
        self.assertEqual((config["lora_rank"], config["lora_alpha"]),
                         (3, 6.0))
        store = {}
        layer.save_own_variables(store)
        self.assertAllClose(store["0"], effective, atol=1e-5)
