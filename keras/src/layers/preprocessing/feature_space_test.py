import os

import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import testing
from keras.src.layers.preprocessing.feature_space import FeatureSpace
from keras.src.saving import saving_api

tf = pytest.importorskip("tensorflow")


def raw_data():
    return {
        "age": np.array([20.0, 40.0, 60.0, 40.0], "float32"),
        "city": np.array(["paris", "rome", "paris", "paris"]),
        "rooms": np.array([1, 2, 1, 1]),
        "score": np.array([0.0, 1.0, 2.0, 3.0], "float32"),
    }


def dataset(batch=2):
    return tf.data.Dataset.from_tensor_slices(raw_data()).batch(batch)


class FeatureSpaceTest(testing.TestCase):
    def test_concat_values(self):
        space = FeatureSpace(
            {
                "age": "float_normalized",
                "city": "string_categorical",
                "rooms": FeatureSpace.integer_categorical(output_mode="int"),
                "score": FeatureSpace.float_rescaled(scale=2.0, offset=1.0),
            }
        )
        space.adapt(dataset())
        out = self.convert_to_numpy(space(raw_data()))
        # Features concatenated in alphabetical order: age (1), city
        # (one-hot over [UNK] + 2 cities by frequency), rooms (int index),
        # score (rescaled).
        age = (raw_data()["age"] - 40.0) / np.std([20, 40, 60, 40])
        city = np.eye(3)[[1, 2, 1, 1]]
        rooms = np.array([[1], [2], [1], [1]])
        score = raw_data()["score"][:, None] * 2 + 1
        expected = np.concatenate([age[:, None], city, rooms, score], -1)
        self.assertEqual(out.shape, (4, 6))
        self.assertAllClose(out, expected, atol=1e-5)
        if backend.backend() != "tensorflow":
            self.assertTrue(backend.is_tensor(space(raw_data())))

    def test_dict_mode_hashing_discretization_and_crosses(self):
        space = FeatureSpace(
            {
                "city": FeatureSpace.string_hashed(num_bins=5),
                "rooms": "integer_categorical",
                "score": FeatureSpace.float_discretized(
                    num_bins=None, bin_boundaries=[0.5, 2.5]
                ),
            },
            crosses=[
                ("city", "rooms"),
                FeatureSpace.cross(("rooms", "score"), crossing_dim=7,
                                   output_mode="int"),
            ],
            crossing_dim=6,
            output_mode="dict",
        )
        space.adapt(dataset())
        out = {k: self.convert_to_numpy(v)
               for k, v in space(raw_data()).items()}
        self.assertEqual(
            sorted(out),
            ["city", "city_X_rooms", "rooms", "rooms_X_score", "score"],
        )
        self.assertEqual(out["city"].shape, (4, 5))
        self.assertEqual(out["city_X_rooms"].shape, (4, 6))
        self.assertEqual(out["rooms_X_score"].shape, (4, 1))
        self.assertAllClose(out["score"], np.eye(3)[[0, 1, 1, 2]])
        self.assertAllClose(out["rooms"].sum(axis=1), np.ones(4))
        # Equal inputs hash to equal bins.
        self.assertAllClose(out["city"][0], out["city"][2])
        self.assertAllClose(out["city_X_rooms"][0], out["city_X_rooms"][2])
        self.assertTrue(np.all(out["rooms_X_score"] < 7))

    def test_unbatched_and_tf_data(self):
        space = FeatureSpace(
            {"age": "float", "city": "string_categorical"}
        )
        space.adapt(tf.data.Dataset.from_tensor_slices(raw_data()))
        one = space({"age": 20.0, "city": "rome"})
        self.assertEqual(tuple(one.shape), (4,))
        ds = tf.data.Dataset.from_tensor_slices(raw_data())
        first = next(iter(ds.map(space)))
        self.assertIsInstance(first, tf.Tensor)
        self.assertEqual(tuple(first.shape), (4,))
        batched = next(iter(ds.batch(4).map(space)))
        self.assertAllClose(batched, space(raw_data()))

    def test_get_inputs_and_encoded_features(self):
        space = FeatureSpace(
            {"age": "float_normalized", "rooms": "integer_categorical"}
        )
        space.adapt(dataset())
        encoded = space.get_encoded_features()
        self.assertEqual(tuple(encoded.shape), (None, 4))
        inputs = space.get_inputs()
        self.assertEqual(sorted(inputs), ["age", "rooms"])
        self.assertEqual(inputs["rooms"].dtype, "int64")
        symbolic = space(inputs)
        self.assertEqual(tuple(symbolic.shape), (None, 4))

    @pytest.mark.requires_trainable_backend
    def test_train_on_encoded_features_then_infer_from_raw(self):
        space = FeatureSpace(
            {"age": "float_normalized", "rooms": "integer_categorical"}
        )
        space.adapt(dataset())
        encoded = space.get_encoded_features()
        model = models.Model(encoded, layers.Dense(1)(encoded))
        model.compile(optimizer="sgd", loss="mse")
        labels = np.array([[0.0], [1.0], [0.0], [1.0]], "float32")
        train = tf.data.Dataset.from_tensor_slices(
            ({k: raw_data()[k] for k in ("age", "rooms")}, labels)
        ).batch(2).map(lambda x, y: (space(x), y))
        history = model.fit(train, epochs=2, verbose=0)
        self.assertLen(history.history["loss"], 2)
        inputs = space.get_inputs()
        inference = models.Model(inputs, model(space(inputs)))
        raw = {"age": raw_data()["age"][:, None],
               "rooms": raw_data()["rooms"][:, None]}
        predictions = inference.predict(raw, verbose=0)
        self.assertAllClose(
            predictions, model.predict(space(raw), verbose=0), atol=1e-5
        )

    def test_config_round_trip(self):
        space = FeatureSpace(
            {"b": "float", "a": FeatureSpace.float_rescaled(scale=2.0),
             "c": "string_hashed"},
            crosses=[("c", "c")],
            hashing_dim=8,
        )
        config = space.get_config()
        self.assertEqual(
            sorted(config),
            ["crosses", "crossing_dim", "features", "hashing_dim",
             "num_discretization_bins", "output_mode"],
        )
        # The layout Keras 3.15.1 writes (recorded from it).
        feature = config["features"]["b"]
        self.assertEqual(feature["class_name"], "Feature")
        self.assertEqual(feature["config"]["output_mode"], "float")
        self.assertEqual(
            feature["config"]["preprocessor"]["config"]["name"],
            "b_preprocessor",
        )
        self.assertEqual(
            config["features"]["a"]["config"]["preprocessor"]["config"][
                "name"
            ],
            "float_rescaled_preprocessor",
        )
        restored = FeatureSpace.from_config(config)
        self.assertEqual(restored.get_config(), config)
        self.assertEqual(restored.crosses[0].name, "c_X_c")
        self.assertEqual(restored.features["c"].preprocessor.num_bins, 8)

    def test_save_and_load(self):
        space = FeatureSpace(
            {"age": "float_normalized", "city": "string_categorical",
             "rooms": "integer_categorical"},
            crosses=[("city", "rooms")],
        )
        space.adapt(dataset())
        path = os.path.join(self.get_temp_dir(), "space.keras")
        space.save(path)
        loaded = saving_api.load_model(path)
        self.assertIsInstance(loaded, FeatureSpace)
        self.assertAllClose(loaded(raw_data()), space(raw_data()))
        with self.assertRaisesRegex(ValueError, ".keras"):
            space.save(os.path.join(self.get_temp_dir(), "space.h5"))

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "output_mode"):
            FeatureSpace({"a": "float"}, output_mode="list")
        with self.assertRaisesRegex(ValueError, "Invalid feature type"):
            FeatureSpace({"a": "floaty"})
        with self.assertRaisesRegex(ValueError, "not in `features`"):
            FeatureSpace({"a": "string_hashed"}, crosses=[("a", "b")])
        with self.assertRaisesRegex(ValueError, "float feature"):
            FeatureSpace({"a": "string_hashed", "b": "float"},
                         crosses=[("a", "b")])
        with self.assertRaisesRegex(ValueError, "output_mode"):
            FeatureSpace.integer_hashed(4, output_mode="multi_hot")
        space = FeatureSpace({"age": "float"})
        with self.assertRaisesRegex(ValueError, "adapt"):
            space({"age": np.ones(2)})
        with self.assertRaisesRegex(TypeError, "tf.data.Dataset"):
            space.adapt(np.ones(3))
        with self.assertRaisesRegex(ValueError, "missing"):
            space.adapt(tf.data.Dataset.from_tensor_slices({"x": [1.0]}))
        space.adapt(tf.data.Dataset.from_tensor_slices({"age": [1.0]}))
        with self.assertRaisesRegex(ValueError, "Missing features"):
            space({"height": np.ones(2)})
