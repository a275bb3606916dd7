"""Helpers of the scikit-learn wrappers: the install check and the
reshaping of 1-D targets.

scikit-learn is optional: nothing here imports it before it is needed, so
`import keras` stays fast (importing `sklearn.base` alone takes seconds).
"""

import importlib.util

import numpy as np


def assert_sklearn_installed(symbol_name):
    """Raises a clear `ImportError` when scikit-learn is not installed.

    Args:
        symbol_name: the name of what needs scikit-learn, for the message.

    Example:

    >>> from keras.src.wrappers.utils import assert_sklearn_installed
    >>> assert_sklearn_installed("SKLearnClassifier")  # doctest: +SKIP
    """
    if importlib.util.find_spec("sklearn") is None:
        raise ImportError(
            f"{symbol_name} requires `scikit-learn` to be installed. Run "
            "`pip install scikit-learn` to install it."
        )


class TargetReshaper:
    """Makes targets 2-D for a Keras model and restores their rank after.

    `fit(y)` remembers whether `y` is 1-D; `transform(y)` turns a 1-D
    target into a column; `inverse_transform(y)` turns a one-column
    prediction back into 1-D when the fitted target was 1-D.

    It follows scikit-learn's transformer protocol (`fit`, `transform`,
    `inverse_transform`, `get_params`) without needing scikit-learn.

    Example:

    >>> import numpy as np
    >>> from keras.src.wrappers.utils import TargetReshaper
    >>> reshaper = TargetReshaper().fit(np.array([1.0, 2.0]))
    >>> reshaper.transform(np.array([1.0, 2.0])).shape
    (2, 1)
    >>> reshaper.inverse_transform(np.ones((2, 1))).shape
    (2,)
    """

    def get_params(self, deep=True):
        return {}

    def set_params(self, **params):
        if params:
            raise ValueError(
                "TargetReshaper has no parameters. Received: "
                f"{sorted(params)}"
            )
        return self

    def fit(self, y):
        """Records the rank of `y`; returns `self`."""
        self.ndim_ = np.ndim(y)
        return self

    def transform(self, y):
        """Returns `y` as a 2-D array (a 1-D `y` becomes one column)."""
        y = np.asarray(y)
        return y.reshape(-1, 1) if y.ndim == 1 else y

    def inverse_transform(self, y):
        """Returns `y` with the fitted target's rank: a one-column `y` goes
        back to 1-D when the fitted target was 1-D."""
        if not hasattr(self, "ndim_"):
            raise ValueError(
                "TargetReshaper: call `fit` before `inverse_transform`."
            )
        y = np.asarray(y)
        if self.ndim_ == 1 and y.ndim == 2 and y.shape[1] == 1:
            return y[:, 0]
        return y
