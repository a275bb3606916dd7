"""scikit-learn estimators around Keras models.

The estimators follow scikit-learn's protocol (`get_params`/`set_params`
from the constructor's arguments, `fit` returning `self`, fitted state in
attributes ending with `_`, `__sklearn_tags__`) without subclassing its
`BaseEstimator`: importing `sklearn.base` takes seconds and Keras imports
this module with `import keras`. scikit-learn is imported on first use
(creating an estimator checks that it is installed), so `clone`, `Pipeline`
and `GridSearchCV` work on them as on any estimator.
"""

import inspect

import numpy as np

from keras.src.api_export import keras_export
from keras.src.wrappers.fixes import type_of_target
from keras.src.wrappers.utils import TargetReshaper
from keras.src.wrappers.utils import assert_sklearn_installed


class SKLBase:
    """The scikit-learn estimator protocol around a Keras model.

    Subclasses say how targets are encoded for the model
    (`_process_target`) and decoded from its predictions
    (`_reverse_process_target`).

    Args:
        model: a compiled `keras.Model`, or a callable returning one. A
            model is cloned (`keras.models.clone_model`, compiled like the
            original) before each fit unless `warm_start=True`. A callable
            is called as `model(X=X, y=y, **model_kwargs)` with the
            encoded target.
        warm_start: whether a new `fit` continues from the model of the
            previous one (or trains the given model itself) instead of
            starting from a fresh one.
        model_kwargs: keyword arguments for `model` when it is a callable.
        fit_kwargs: keyword arguments for `Model.fit` (`epochs`,
            `batch_size`, `verbose`, ...); those given to `fit` itself
            take precedence.

    Attributes:
        model_: the fitted `keras.Model`.
        history_: the `history` dict of the last `Model.fit`.
        n_features_in_: the number of features seen by `fit`.
    """

    _estimator_type = None

    def __init__(self, model, warm_start=False, model_kwargs=None,
                 fit_kwargs=None):
        assert_sklearn_installed(type(self).__name__)
        self.model = model
        self.warm_start = warm_start
        self.model_kwargs = model_kwargs
        self.fit_kwargs = fit_kwargs

    @property
    def epoch_(self):
        """The number of epochs the last `fit` ran (0 before any fit)."""
        history = getattr(self, "history_", None)
        if not history:
            return 0
        return len(next(iter(history.values())))

    # -- scikit-learn's parameter protocol ----------------------------------

    @classmethod
    def _get_param_names(cls):
        signature = inspect.signature(cls.__init__)
        return sorted(
            name for name, p in signature.parameters.items()
            if name != "self" and p.kind is p.POSITIONAL_OR_KEYWORD
        )

    def get_params(self, deep=True):
        """Returns the constructor's arguments, as scikit-learn expects.

        Args:
            deep: also return the parameters of nested estimators, as
                `"<name>__<param>"` entries.

        Returns:
            A dict.
        """
        params = {}
        for name in self._get_param_names():
            value = getattr(self, name)
            if deep and hasattr(value, "get_params") and not isinstance(
                value, type
            ):
                for key, inner in value.get_params().items():
                    params[f"{name}__{key}"] = inner
            params[name] = value
        return params

    def set_params(self, **params):
        """Sets constructor arguments (`"<name>__<param>"` reaches into a
        nested estimator); returns `self`."""
        valid = self._get_param_names()
        nested = {}
        for key, value in params.items():
            name, _, inner = key.partition("__")
            if name not in valid:
                raise ValueError(
                    f"Invalid parameter {name!r} for estimator "
                    f"{type(self).__name__}. Valid parameters are: {valid}."
                )
            if inner:
                nested.setdefault(name, {})[inner] = value
            else:
                setattr(self, name, value)
        for name, inner_params in nested.items():
            getattr(self, name).set_params(**inner_params)
        return self

    def __repr__(self):
        params = ", ".join(
            f"{k}={v!r}" for k, v in self.get_params(deep=False).items()
        )
        return f"{type(self).__name__}({params})"

    def __sklearn_tags__(self):
        from sklearn.utils import InputTags
        from sklearn.utils import Tags
        from sklearn.utils import TargetTags

        return Tags(
            estimator_type=self._estimator_type,
            target_tags=TargetTags(required=True),
            transformer_tags=None,
            classifier_tags=None,
            regressor_tags=None,
            input_tags=InputTags(),
        )

    # -- metadata routing ---------------------------------------------------

    def set_fit_request(self, **kwargs):
        """Says which metadata `fit` asks for when a meta-estimator routes
        it (scikit-learn's metadata routing, which
        `sklearn.set_config(enable_metadata_routing=True)` turns on).

        Args:
            **kwargs: `{name: request}` for `fit`'s keyword arguments
                (`sample_weight`, ...): `True` to receive the metadata of
                that name, `False` not to, `None` to raise if it is given,
                or a string to receive it under another name.

        Returns:
            `self`.

        Example:

        ```python
        sklearn.set_config(enable_metadata_routing=True)
        clf = keras.wrappers.SKLearnClassifier(make_model)
        clf.set_fit_request(sample_weight=True)
        cross_validate(clf, X, y, params={"sample_weight": weights})
        ```
        """
        import sklearn
        from sklearn.utils.metadata_routing import MetadataRequest

        if not sklearn.get_config().get("enable_metadata_routing"):
            raise RuntimeError(
                f"{type(self).__name__}.set_fit_request needs scikit-learn's "
                "metadata routing: call "
                "`sklearn.set_config(enable_metadata_routing=True)` first."
            )
        for name, alias in kwargs.items():
            if not (alias is None or isinstance(alias, (bool, str))):
                raise ValueError(
                    f"{type(self).__name__}.set_fit_request expects True, "
                    "False, None or a string for each argument. Received: "
                    f"{name}={alias!r}"
                )
        request = self.__dict__.get("_metadata_request")
        if request is None:
            request = MetadataRequest(owner=type(self).__name__)
            # `sklearn.base.clone` copies this attribute to the clone.
            self._metadata_request = request
        for name, alias in kwargs.items():
            request.fit.add_request(param=name, alias=alias)
        return self

    def get_metadata_routing(self):
        """Returns the metadata requests set with `set_fit_request` (a
        `sklearn.utils.metadata_routing.MetadataRequest`)."""
        import copy

        from sklearn.utils.metadata_routing import MetadataRequest

        request = self.__dict__.get("_metadata_request")
        if request is None:
            return MetadataRequest(owner=type(self).__name__)
        return copy.deepcopy(request)

    # -- fitting and predicting -----------------------------------------------

    def fit(self, X, y, **kwargs):
        """Fits a (fresh, unless `warm_start`) model on `X` and `y`.

        Args:
            X: array-like of shape `(n_samples, n_features)`.
            y: array-like of targets, of shape `(n_samples,)` or
                `(n_samples, n_outputs)`.
            **kwargs: keyword arguments for `Model.fit`, over `fit_kwargs`.

        Returns:
            `self`.
        """
        X, y = self._validate_fit_data(X, y)
        y = self._process_target(y, reset=True)
        model = self._get_model(X, y)
        fit_kwargs = dict(self.fit_kwargs or {})
        fit_kwargs.update(kwargs)
        history = model.fit(X, y, **fit_kwargs)
        self.model_ = model
        self.history_ = history.history
        return self

    def _validate_fit_data(self, X, y):
        from sklearn.utils.validation import validate_data

        # Regression targets are numbers: an object array of numbers is
        # converted, anything else is refused by scikit-learn's check.
        return validate_data(self, X, y, multi_output=True, y_numeric=True)

    def predict(self, X):
        """Predicts targets for `X`, decoded like the fitted `y`.

        Args:
            X: array-like of shape `(n_samples, n_features)`.

        Returns:
            A NumPy array of predictions.
        """
        from sklearn.utils.validation import check_is_fitted
        from sklearn.utils.validation import validate_data

        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        raw = np.asarray(self.model_.predict(X, verbose=0))
        return self._reverse_process_target(raw)

    def _get_model(self, X, y):
        from keras.src.models.cloning import clone_model
        from keras.src.models.model import Model

        if self.warm_start and hasattr(self, "model_"):
            return self.model_
        if isinstance(self.model, Model):
            if self.warm_start:
                return self.model
            return _compiled_clone(self.model, clone_model)
        if not callable(self.model):
            raise TypeError(
                f"{type(self).__name__}: `model` must be a compiled "
                "keras.Model or a callable returning one. Received: "
                f"model={self.model!r}"
            )
        model = self.model(X=X, y=y, **(self.model_kwargs or {}))
        if not isinstance(model, Model):
            raise TypeError(
                f"{type(self).__name__}: the `model` callable must return "
                f"a keras.Model. It returned {model!r}"
            )
        return model

    def _process_target(self, y, reset=False):
        if reset:
            self._target_encoder = TargetReshaper().fit(y)
        return self._target_encoder.transform(y)

    def _reverse_process_target(self, y):
        return self._target_encoder.inverse_transform(y)


def _compiled_clone(model, clone_model):
    clone = clone_model(model)
    config = model.get_compile_config() if getattr(
        model, "compiled", False
    ) else None
    if config is None:
        raise ValueError(
            "The keras.Model given as `model` must be compiled: it is "
            "cloned and compiled the same way before fitting. Received an "
            f"uncompiled model {model.name!r}."
        )
    clone.compile_from_config(config)
    return clone


@keras_export("keras.wrappers.SKLearnClassifier")
class SKLearnClassifier(SKLBase):
    """A scikit-learn classifier backed by a Keras model.

    The labels (any values scikit-learn accepts for binary or multiclass
    targets) are one-hot encoded with `sklearn.preprocessing.OneHotEncoder`
    before they reach the model, which should output one score per class
    (e.g. a softmax); `predict` returns the label of the highest score.
    `score` is the accuracy.

    Args:
        model: a compiled `keras.Model`, or a callable returning one,
            called as `model(X=X, y=y_one_hot, **model_kwargs)`. A model is
            cloned before each fit unless `warm_start=True`.
        warm_start: whether a new `fit` continues from the previous model.
        model_kwargs: keyword arguments for `model` when it is a callable.
        fit_kwargs: keyword arguments for `Model.fit`; those given to `fit`
            take precedence.

    Attributes:
        model_: the fitted `keras.Model`.
        history_: the `history` dict of the last `Model.fit`.
        classes_: the class labels, sorted.

    Example:

    ```python
    def make_model(X, y, hidden=8):
        model = keras.Sequential([
            keras.Input((X.shape[1],)),
            keras.layers.Dense(hidden, activation="relu"),
            keras.layers.Dense(y.shape[1], activation="softmax"),
        ])
        model.compile(loss="categorical_crossentropy", optimizer="adam")
        return model

    clf = keras.wrappers.SKLearnClassifier(
        make_model, model_kwargs={"hidden": 16},
        fit_kwargs={"epochs": 5, "verbose": 0},
    )
    clf.fit(X, labels).predict(X[:3])  # an array of labels
    ```
    """

    _estimator_type = "classifier"

    def __sklearn_tags__(self):
        from sklearn.utils import ClassifierTags

        tags = super().__sklearn_tags__()
        tags.classifier_tags = ClassifierTags()
        return tags

    def _validate_fit_data(self, X, y):
        from sklearn.utils.validation import validate_data

        # Labels are 1-D: a column is raveled with scikit-learn's
        # `DataConversionWarning`, as its classifiers do.
        return validate_data(self, X, y)

    def _process_target(self, y, reset=False):
        from sklearn.preprocessing import OneHotEncoder

        y = np.asarray(y)
        kind = type_of_target(y, input_name="y", raise_unknown=True)
        if kind not in ("binary", "multiclass"):
            raise ValueError(
                "SKLearnClassifier supports binary and multiclass targets "
                f"only. Received a {kind!r} target."
            )
        column = y.reshape(-1, 1)
        if reset:
            self._target_encoder = OneHotEncoder(
                sparse_output=False, dtype="float32"
            ).fit(column)
            self.classes_ = self._target_encoder.categories_[0]
        return self._target_encoder.transform(column)

    def _reverse_process_target(self, y):
        y = np.asarray(y)
        if len(self.classes_) == 1:
            # Trained on one class: the only label there is.
            return np.full(len(y), self.classes_[0])
        if y.ndim == 1 or y.shape[1] == 1:
            # One sigmoid output: the probability of the second class.
            scores = y.reshape(-1)
            return self.classes_[(scores > 0.5).astype("int64")]
        return self.classes_[np.argmax(y, axis=1)]

    def decision_function(self, X):
        """Returns the model's raw outputs (one score per class) for `X`.

        Args:
            X: array-like of shape `(n_samples, n_features)`.

        Returns:
            A NumPy array of shape `(n_samples, n_classes)`.
        """
        from sklearn.utils.validation import check_is_fitted
        from sklearn.utils.validation import validate_data

        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        return np.asarray(self.model_.predict(X, verbose=0))

    def score(self, X, y, sample_weight=None):
        """Returns the accuracy of `predict(X)` against `y`."""
        from sklearn.metrics import accuracy_score

        return accuracy_score(y, self.predict(X), sample_weight=sample_weight)


@keras_export("keras.wrappers.SKLearnRegressor")
class SKLearnRegressor(SKLBase):
    """A scikit-learn regressor backed by a Keras model.

    A 1-D target reaches the model as one column and predictions come
    back 1-D; `score` is the coefficient of determination (R²).

    Args:
        model: a compiled `keras.Model`, or a callable returning one,
            called as `model(X=X, y=y_2d, **model_kwargs)`. A model is
            cloned before each fit unless `warm_start=True`.
        warm_start: whether a new `fit` continues from the previous model.
        model_kwargs: keyword arguments for `model` when it is a callable.
        fit_kwargs: keyword arguments for `Model.fit`; those given to `fit`
            take precedence.

    Attributes:
        model_: the fitted `keras.Model`.
        history_: the `history` dict of the last `Model.fit`.

    Example:

    ```python
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(loss="mse", optimizer="sgd")
    reg = keras.wrappers.SKLearnRegressor(
        model, fit_kwargs={"epochs": 10, "verbose": 0})
    reg.fit(X, y).score(X, y)
    ```
    """

    _estimator_type = "regressor"

    def __sklearn_tags__(self):
        from sklearn.utils import RegressorTags

        tags = super().__sklearn_tags__()
        tags.regressor_tags = RegressorTags()
        tags.target_tags.multi_output = True
        return tags

    def score(self, X, y, sample_weight=None):
        """Returns the R² of `predict(X)` against `y`."""
        from sklearn.metrics import r2_score

        return r2_score(y, self.predict(X), sample_weight=sample_weight)


@keras_export("keras.wrappers.SKLearnTransformer")
class SKLearnTransformer(SKLBase):
    """A scikit-learn transformer backed by a Keras model.

    `fit` trains the model on `X` and `y`; `transform` returns the model's
    outputs (say, an embedding or an encoder's code) for use by the next
    step of a `Pipeline`.

    Args:
        model: a compiled `keras.Model`, or a callable returning one,
            called as `model(X=X, y=y, **model_kwargs)`. A model is cloned
            before each fit unless `warm_start=True`.
        warm_start: whether a new `fit` continues from the previous model.
        model_kwargs: keyword arguments for `model` when it is a callable.
        fit_kwargs: keyword arguments for `Model.fit`; those given to `fit`
            take precedence.

    Attributes:
        model_: the fitted `keras.Model`.
        history_: the `history` dict of the last `Model.fit`.

    Example:

    ```python
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    model.compile(loss="mse", optimizer="sgd")
    encoder = keras.wrappers.SKLearnTransformer(
        model, fit_kwargs={"epochs": 3, "verbose": 0})
    codes = encoder.fit(X, X[:, :2]).transform(X)  # shape (n, 2)
    ```
    """

    def __sklearn_tags__(self):
        from sklearn.utils import TransformerTags

        from keras.src.backend.config import floatx

        tags = super().__sklearn_tags__()
        # Outputs are in Keras's float type, whatever the input's.
        tags.transformer_tags = TransformerTags(preserves_dtype=[floatx()])
        tags.target_tags.multi_output = True
        return tags

    def transform(self, X):
        """Returns the fitted model's outputs for `X`.

        Args:
            X: array-like of shape `(n_samples, n_features)`.

        Returns:
            A NumPy array.
        """
        from sklearn.utils.validation import check_is_fitted
        from sklearn.utils.validation import validate_data

        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        return np.asarray(self.model_.predict(X, verbose=0))

    def fit_transform(self, X, y, **kwargs):
        """Fits on `X` and `y`, then returns `transform(X)`."""
        return self.fit(X, y, **kwargs).transform(X)
