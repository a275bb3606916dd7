import numpy as np

from keras.src import backend
from keras.src import layers
from keras.src.testing import test_case
from keras.src.testing.test_case import TestCase


class TestFixturesTest(TestCase):
    def test_device_checks_are_bools_and_no_tpu_here(self):
        for check in (test_case.uses_gpu, test_case.jax_uses_gpu,
                      test_case.tensorflow_uses_gpu,
                      test_case.torch_uses_gpu):
            self.assertIsInstance(check(), bool)
        self.assertFalse(test_case.uses_tpu())
        if backend.backend() != "jax":
            self.assertFalse(test_case.jax_uses_gpu())
        if backend.backend() != "torch":
            self.assertFalse(test_case.torch_uses_gpu())

    def test_is_shape_tuple(self):
        # The oracle's answers for the same inputs.
        self.assertEqual(
            [test_case.is_shape_tuple(x)
             for x in [(1, 2), [1, None], (1, (2,)), (), 3]],
            [True, True, False, True, False],
        )

    def test_json_with_tuples_round_trip(self):
        value = {"a": (1, 2), "b": [3, (4,)]}
        text = test_case.to_json_with_tuples(value)
        self.assertIn('"__class__": "tuple"', text)
        self.assertEqual(test_case.from_json_with_tuples(text), value)

    def test_map_shape_dtype_structure(self):
        pair = lambda s, d: (s, d)  # noqa: E731
        fn = test_case.map_shape_dtype_structure
        self.assertEqual(fn(pair, (2, 3), "float32"), ((2, 3), "float32"))
        self.assertEqual(
            fn(pair, [(2, 3), (4,)], ["float32", "int32"]),
            [((2, 3), "float32"), ((4,), "int32")],
        )
        self.assertEqual(fn(pair, {"a": (2,)}, {"a": "int8"}),
                         {"a": ((2,), "int8")})
        with self.assertRaisesRegex(ValueError, "shape"):
            fn(pair, 3, "float32")

    def test_create_keras_tensors(self):
        x, y = test_case.create_keras_tensors(
            [(2, 3), (4,)], ["float32", "int32"], False, False
        )
        self.assertEqual((x.shape, x.dtype), ((2, 3), "float32"))
        self.assertEqual((y.shape, y.dtype), ((4,), "int32"))

    def test_create_eager_tensors(self):
        out = test_case.create_eager_tensors(
            {"f": (2, 3), "i": (5,)}, {"f": "float32", "i": "int32"},
            False, False,
        )
        self.assertDType(out["f"], "float32")
        self.assertDType(out["i"], "int32")
        f = backend.convert_to_numpy(out["f"])
        i = backend.convert_to_numpy(out["i"])
        self.assertEqual(f.shape, (2, 3))
        self.assertTrue(np.all((f >= 0) & (f < 3)))
        self.assertTrue(set(i.tolist()) <= {0, 1, 2})
        with self.assertRaisesRegex(ValueError, "float or int"):
            test_case.create_eager_tensors((2,), "bool", False, False)

    def test_get_seed_generators(self):
        class Noisy(layers.Layer):
            def __init__(self):
                super().__init__()
                self.drop = layers.Dropout(0.2)
                self.noise = layers.GaussianNoise(0.1)
                self.again = self.drop

        self.assertLen(test_case.get_seed_generators(Noisy()), 2)
        self.assertEqual(test_case.get_seed_generators(layers.Dense(2)), [])
        with self.assertRaises(TypeError):
            test_case.get_seed_generators(3)


class AssertFileExistsTest(TestCase):
    def test_assert_file_exists(self):
        path = self.get_temp_dir()
        self.assertFileExists(path)
        with self.assertRaisesRegex(AssertionError, "Expected a file"):
            self.assertFileExists(path + "/missing.txt")
