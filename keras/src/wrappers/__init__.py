"""scikit-learn estimators that wrap Keras models (`keras.wrappers`).

scikit-learn is imported when an estimator is created or used, never when
Keras is imported.
"""

from keras.src.wrappers.sklearn_wrapper import SKLearnClassifier
from keras.src.wrappers.sklearn_wrapper import SKLearnRegressor
from keras.src.wrappers.sklearn_wrapper import SKLearnTransformer

__all__ = ["SKLearnClassifier", "SKLearnRegressor", "SKLearnTransformer"]
