import numpy as np

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.hashing import Hashing
from keras.src.layers.preprocessing.tf_backed_layer import result_int_dtype

LETTERS = np.array([["A"], ["B"], ["C"], ["D"], ["E"]])


class HashingTest(testing.TestCase):
    def test_layer_basics(self):
        self.run_layer_test(
            Hashing,
            init_kwargs={"num_bins": 3},
            input_data=np.array([[1], [2], [3]], "int32"),
            expected_output=[[0], [1], [0]],
            expected_output_shape=(3, 1),
            run_training_check=False,
            run_mixed_precision_check=False,
        )

    def test_bins_as_tensorflow_hashes(self):
        # Reference bins are the oracle's (FarmHash64 / SipHash64).
        self.assertAllEqual(Hashing(3)(LETTERS), [[1], [0], [1], [1], [2]])
        self.assertAllEqual(Hashing(3, salt=133)(LETTERS),
                            [[0], [0], [2], [1], [0]])
        self.assertAllEqual(
            Hashing(3, salt=[1, 2])(np.array(["a", "b", "c", "d"])),
            [2, 1, 2, 0])
        self.assertAllEqual(Hashing(3)(np.array([1, 2, 3])), [0, 1, 0])
        self.assertAllEqual(Hashing(3)(np.array([1.5])), [0])
        masked = Hashing(3, mask_value="")
        self.assertAllEqual(
            masked(np.array([["A"], ["B"], [""], ["C"], ["D"]])),
            [[1], [1], [0], [2], [2]])
        self.assertAllEqual(Hashing(3, mask_value=7)(np.array([7, 1, 2, 3])),
                            [0, 2, 2, 2])

    def test_encodings(self):
        x = np.array([["A", "B"], ["C", "C"]])
        multi = Hashing(3, output_mode="multi_hot")(x)
        self.assertAllClose(multi, [[1.0, 1.0, 0.0], [0.0, 1.0, 0.0]])
        self.assertDType(multi, "float32")
        count = Hashing(3, output_mode="count")(x)
        self.assertAllClose(count, [[1.0, 1.0, 0.0], [0.0, 2.0, 0.0]])

    def test_symbolic(self):
        y = Hashing(3)(Input((2,), dtype="string"))
        self.assertEqual((y.shape, y.dtype),
                         ((None, 2), result_int_dtype("int64")))
        y = Hashing(3, output_mode="one_hot")(Input((1,), dtype="string"))
        self.assertEqual((y.shape, y.dtype), ((None, 3), "float32"))

    def test_config(self):
        layer = Hashing(num_bins=3, salt=[1, 2], mask_value="")
        config = layer.get_config()
        self.assertEqual(config["dtype"]["config"]["name"], "int64")
        for key, value in [("num_bins", 3), ("salt", [1, 2]),
                           ("mask_value", ""), ("output_mode", "int"),
                           ("sparse", False)]:
            self.assertEqual(config[key], value)
        revived = Hashing.from_config(config)
        self.assertEqual(revived.get_config(), config)
        self.assertAllEqual(revived(LETTERS), layer(LETTERS))

    def test_tf_data(self):
        import tensorflow as tf

        out = next(iter(tf.data.Dataset.from_tensor_slices(LETTERS)
                        .batch(5).map(Hashing(3))))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllEqual(out.numpy(), [[1], [0], [1], [1], [2]])

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "num_bins=0"):
            Hashing(num_bins=0)
        with self.assertRaisesRegex(ValueError, "salt=a"):
            Hashing(num_bins=3, salt="a")
        with self.assertRaisesRegex(ValueError, "output_mode=x"):
            Hashing(num_bins=3, output_mode="x")
        self.assertFalse(Hashing(3).supports_jit["jax"])
