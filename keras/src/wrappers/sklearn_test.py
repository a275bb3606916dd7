import importlib.util

import numpy as np
import pytest

from keras.src import layers
from keras.src import models
from keras.src import optimizers
from keras.src.testing import TestCase
from keras.src.wrappers import SKLearnClassifier
from keras.src.wrappers import SKLearnRegressor
from keras.src.wrappers import SKLearnTransformer
from keras.src.wrappers import utils

HAS_SKLEARN = importlib.util.find_spec("sklearn") is not None
needs_sklearn = pytest.mark.skipif(
    not HAS_SKLEARN, reason="scikit-learn is not installed"
)


def _data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 3)).astype("float32")
    labels = np.where(x[:, 0] > 0, "pos", "neg")
    y = x @ np.array([1.0, -2.0, 0.5], "float32") + 0.3
    return x, labels, y


def _classifier_model(X, y, hidden=4):
    model = models.Sequential([
        layers.Input((X.shape[1],)),
        layers.Dense(hidden, activation="relu"),
        layers.Dense(y.shape[1], activation="softmax"),
    ])
    model.compile(loss="categorical_crossentropy",
                  optimizer=optimizers.Adam(0.05))
    return model


def _linear_model(units=1):
    model = models.Sequential([layers.Input((3,)), layers.Dense(units)])
    model.compile(loss="mse", optimizer=optimizers.SGD(0.1))
    return model


@needs_sklearn
class SKLearnWrapperTest(TestCase):
    def test_clone_and_params_round_trip(self):
        from sklearn.base import clone
        from sklearn.base import is_classifier
        from sklearn.base import is_regressor

        clf = SKLearnClassifier(
            _classifier_model, model_kwargs={"hidden": 4},
            fit_kwargs={"epochs": 1},
        )
        params = clf.get_params()
        self.assertEqual(
            sorted(params),
            ["fit_kwargs", "model", "model_kwargs", "warm_start"],
        )
        copy = clone(clf)
        self.assertEqual(copy.get_params(), params)
        copy.set_params(warm_start=True, model_kwargs={"hidden": 2})
        self.assertTrue(copy.warm_start)
        self.assertEqual(clf.model_kwargs, {"hidden": 4})
        with self.assertRaisesRegex(ValueError, "Invalid parameter"):
            copy.set_params(epochs=3)
        self.assertTrue(is_classifier(clf))
        self.assertTrue(is_regressor(SKLearnRegressor(_linear_model())))

    @pytest.mark.requires_trainable_backend
    def test_classifier_fit_predict_score(self):
        x, labels, _ = _data()
        clf = SKLearnClassifier(
            _classifier_model, fit_kwargs={"epochs": 15, "verbose": 0}
        )
        self.assertIs(clf.fit(x, labels), clf)
        self.assertEqual(clf.classes_.tolist(), ["neg", "pos"])
        predictions = clf.predict(x)
        self.assertEqual(predictions.shape, (32,))
        self.assertTrue(set(predictions) <= {"neg", "pos"})
        self.assertGreater(clf.score(x, labels), 0.8)
        self.assertEqual(clf.decision_function(x[:2]).shape, (2, 2))
        self.assertIn("loss", clf.history_)
        with self.assertRaisesRegex(ValueError, "binary and multiclass"):
            clf.fit(x, np.random.default_rng(0).normal(size=32))

    @pytest.mark.requires_trainable_backend
    def test_regressor_in_pipeline_clones_the_model(self):
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler

        x, _, y = _data()
        model = _linear_model()
        before = model.get_weights()[0].copy()
        reg = SKLearnRegressor(model, fit_kwargs={"epochs": 20, "verbose": 0})
        pipe = make_pipeline(StandardScaler(), reg).fit(x, y)
        self.assertEqual(pipe.predict(x[:3]).shape, (3,))
        self.assertGreater(pipe.score(x, y), 0.9)
        # The given model is cloned, not trained.
        self.assertIsNot(reg.model_, model)
        self.assertAllClose(model.get_weights()[0], before)

    @pytest.mark.requires_trainable_backend
    def test_transformer_and_warm_start(self):
        x, _, y = _data()
        model = _linear_model(units=2)
        encoder = SKLearnTransformer(
            model, warm_start=True, fit_kwargs={"epochs": 1, "verbose": 0}
        )
        codes = encoder.fit_transform(x, np.stack([y, y], axis=1))
        self.assertEqual(codes.shape, (32, 2))
        # warm_start trains the given model itself and keeps it.
        self.assertIs(encoder.model_, model)
        encoder.fit(x, np.stack([y, y], axis=1))
        self.assertIs(encoder.model_, model)

    def test_bad_model_and_unfitted(self):
        from sklearn.exceptions import NotFittedError

        x, _, y = _data()
        with self.assertRaisesRegex(TypeError, "keras.Model"):
            SKLearnRegressor(model=3).fit(x, y)
        with self.assertRaises(NotFittedError):
            SKLearnRegressor(_linear_model()).predict(x)
        uncompiled = models.Sequential([layers.Input((3,)), layers.Dense(1)])
        with self.assertRaisesRegex(ValueError, "compiled"):
            SKLearnRegressor(uncompiled).fit(x, y)

    def test_target_reshaper_and_type_of_target(self):
        from keras.src.wrappers.fixes import type_of_target

        reshaper = utils.TargetReshaper().fit(np.arange(3.0))
        self.assertEqual(reshaper.transform(np.arange(3.0)).shape, (3, 1))
        self.assertEqual(reshaper.inverse_transform(np.ones((3, 1))).shape,
                         (3,))
        self.assertEqual(type_of_target([0, 1, 2]), "multiclass")
        self.assertEqual(type_of_target([0.5, 1.5]), "continuous")
        with self.assertRaises(ValueError):
            type_of_target([[1, 2], [3]], raise_unknown=True)


class SKLearnMissingTest(TestCase):
    def test_missing_sklearn_is_named(self):
        original = importlib.util.find_spec

        def no_sklearn(name, *args, **kwargs):
            return None if name == "sklearn" else original(name, *args,
                                                           **kwargs)

        importlib.util.find_spec = no_sklearn
        try:
            with self.assertRaisesRegex(ImportError, "scikit-learn"):
                SKLearnClassifier(model=None)
        finally:
            importlib.util.find_spec = original
