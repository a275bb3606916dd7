"""Writes `upstream_legacy_layers.keras`: a model holding the tf.keras
legacy layers, saved by upstream Keras 3.15.1 (which records their module
as "keras._legacy.layers"); `layers_test.py` loads it.

    KERAS_BACKEND=jax /opt/keras-oracle/bin/python \
        keras/src/legacy/testdata/make_layers_fixture.py
"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    import numpy as np

    import keras

    legacy = keras._tf_keras.keras.layers
    model = keras.Sequential([
        keras.Input((3,)),
        legacy.ThresholdedReLU(0.5),
        legacy.AlphaDropout(0.1, seed=2),
        keras.layers.Dense(2, kernel_initializer="ones"),
    ])
    model.save(os.path.join(HERE, "upstream_legacy_layers.keras"))
    print(np.asarray(model(np.array([[0.2, 1.0, 3.0]]))).tolist())


if __name__ == "__main__":
    main()
