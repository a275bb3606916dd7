import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.core.dense import Dense
from keras.src.layers.core.embedding import Embedding
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.integer_lookup import IntegerLookup
from keras.src.layers.reshaping.flatten import Flatten
from keras.src.models.model import Model

VOCAB = [12, 36, 1138, 42]
DATA = np.array([[12, 1138, 42], [42, 1000, 36]])


class IntegerLookupTest(testing.TestCase):
    def test_layer_basics(self):
        self.run_layer_test(
            IntegerLookup,
            init_kwargs={"vocabulary": VOCAB},
            input_data=DATA,
            expected_output=[[1, 3, 4], [4, 0, 2]],
            expected_output_shape=(2, 3),
            run_training_check=False,
            run_mixed_precision_check=False,
        )
        self.run_layer_test(
            IntegerLookup,
            init_kwargs={"vocabulary": VOCAB, "output_mode": "tf_idf",
                         "idf_weights": [0.5, 1.0, 1.5, 2.0]},
            input_data=DATA,
            expected_output_shape=(2, 5),
            run_training_check=False,
            run_mixed_precision_check=False,
        )

    def test_oov_mask_and_invert(self):
        two = IntegerLookup(vocabulary=VOCAB, num_oov_indices=2)
        self.assertAllEqual(two(np.array([[12, 1138, 42], [43, 1000, 37]])),
                            [[2, 4, 5], [1, 0, 1]])
        masked = IntegerLookup(vocabulary=VOCAB, mask_token=0)
        self.assertAllEqual(masked(np.array([[12, 0, 42], [43, 1000, 37]])),
                            [[2, 0, 5], [1, 1, 1]])
        self.assertEqual(masked.get_vocabulary()[:2], [0, -1])
        inverse = IntegerLookup(vocabulary=VOCAB, invert=True)
        self.assertAllEqual(inverse(np.array([[1, 3, 0]])),
                            [[12, 1138, -1]])
        hashed = IntegerLookup(vocabulary=[12, 36], num_oov_indices=3,
                               oov_method="farmhash")
        self.assertAllEqual(hashed(np.array([5, 6, 7, 8, 9])),
                            [1, 2, 1, 1, 2])
        salted = IntegerLookup(vocabulary=[1], num_oov_indices=3, salt=5,
                               oov_method="farmhash")
        self.assertAllEqual(salted(np.array([5, 6, 7, 8, 9])),
                            [0, 2, 1, 2, 1])

    def test_multi_hot_and_adapt(self):
        layer = IntegerLookup(vocabulary=VOCAB, output_mode="multi_hot")
        self.assertAllEqual(layer(np.array([[12, 1138, 12]])),
                            [[0, 1, 0, 1, 0]])
        adapted = IntegerLookup()
        adapted.adapt(np.array([[3, 3, 7], [7, 7, 9]]))
        self.assertEqual(adapted.get_vocabulary(), [-1, 7, 3, 9])
        self.assertAllEqual(adapted(np.array([9, 3, 5])), [3, 2, 0])

    def test_vocabulary_file(self):
        path = self.get_temp_dir() + "/vocab.txt"
        with open(path, "w") as f:
            f.write("12\n36\n1138\n42\n")
        layer = IntegerLookup(vocabulary=path)
        self.assertAllEqual(layer(DATA), [[1, 3, 4], [4, 0, 2]])

    def test_assets_round_trip(self):
        layer = IntegerLookup()
        layer.adapt(np.array([5, 5, 6, 8]))
        path = self.get_temp_dir()
        layer.save_assets(path)
        other = IntegerLookup()
        other.load_assets(path)
        self.assertEqual(other.get_vocabulary(), layer.get_vocabulary())

    def test_symbolic_and_config(self):
        layer = IntegerLookup(vocabulary=VOCAB)
        self.assertEqual(layer(Input((3,), dtype="int64")).shape, (None, 3))
        config = layer.get_config()
        self.assertEqual(config["vocabulary"], VOCAB)
        self.assertEqual(config["vocabulary_dtype"], "int64")
        self.assertEqual(config["oov_token"], -1)
        self.assertEqual(config["vocabulary_size"], 5)
        revived = IntegerLookup.from_config(config)
        self.assertAllEqual(revived(DATA), layer(DATA))
        config = IntegerLookup(vocabulary=np.array(VOCAB)).get_config()
        self.assertEqual(config["vocabulary"], VOCAB)

    def test_tf_data(self):
        import tensorflow as tf

        out = next(iter(tf.data.Dataset.from_tensor_slices(DATA).batch(2)
                        .map(IntegerLookup(vocabulary=VOCAB))))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllEqual(out.numpy(), [[1, 3, 4], [4, 0, 2]])

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "vocabulary_dtype=int32"):
            IntegerLookup(vocabulary_dtype="int32")
        with self.assertRaisesRegex(ValueError, "oov_method=x"):
            IntegerLookup(oov_method="x")
        with self.assertRaisesRegex(ValueError, "salt"):
            IntegerLookup(salt=3)
        with self.assertRaisesRegex(ValueError, "max_tokens=1"):
            IntegerLookup(max_tokens=1)
        with self.assertRaisesRegex(ValueError, "num_oov_indices=-1"):
            IntegerLookup(num_oov_indices=-1)
        with self.assertRaisesRegex(ValueError, "integer inputs"):
            IntegerLookup(vocabulary=VOCAB)(np.array(["a"]))


def _lookup_model():
    inputs = Input((3,), dtype="int64")
    x = IntegerLookup(vocabulary=[5, 6, 7])(inputs)
    x = Flatten()(Embedding(4, 2)(x))
    return Model(inputs, Dense(1)(x))


class IntegerLookupModelTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_fit_with_lookup(self):
        # The lookup runs outside compiled steps (supports_jit=False).
        model = _lookup_model()
        model.compile(optimizer="sgd", loss="mse")
        x = np.array([[5, 6, 9], [7, 7, 5]])
        history = model.fit(x, np.zeros((2, 1)), epochs=1, verbose=0)
        self.assertTrue(np.isfinite(history.history["loss"][0]))
        self.assertEqual(tuple(model.predict(x, verbose=0).shape), (2, 1))

    def test_save_and_load(self):
        if not hasattr(Model, "save"):
            pytest.skip("Model.save does not exist yet.")
        from keras.src.saving import saving_lib

        model = _lookup_model()
        path = self.get_temp_dir() + "/lookup.keras"
        model.save(path)
        revived = saving_lib.load_model(path)
        x = np.array([[5, 6, 9]])
        self.assertAllClose(revived.predict(x, verbose=0),
                            model.predict(x, verbose=0))
