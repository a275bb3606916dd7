import numpy as np

from keras.src import testing
from keras.src.layers.activations.elu import ELU
from keras.src.layers.core.input_layer import Input
from keras.src.models.model import Model


def _elu(x, alpha):
    return np.where(x > 0, x, alpha * (np.exp(x) - 1))


class ELUTest(testing.TestCase):
    def test_layer_checks(self):
        x = np.array([[-1.0, 0.0, 2.0]], "float32")
        self.run_layer_test(
            ELU,
            init_kwargs={"alpha": 0.5},
            input_data=x,
            expected_output=_elu(x, 0.5),
            expected_num_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    def test_values(self):
        x = np.linspace(-5, 5, 11).astype("float32").reshape(1, -1)
        self.assertAllClose(ELU()(x), _elu(x, 1.0), atol=1e-6)
        self.assertAllClose(ELU(alpha=0.5)(x), _elu(x, 0.5), atol=1e-6)

    def test_config_round_trip(self):
        layer = ELU(alpha=0.7)
        config = layer.get_config()
        self.assertEqual(config["alpha"], 0.7)
        self.assertEqual(
            list(config)[:2], ["name", "alpha"]
        )
        self.assertEqual(ELU.from_config(config).get_config(), config)
        self.assertTrue(layer.supports_masking)

    def test_functional(self):
        inputs = Input((2, 3))
        outputs = ELU(2.0)(inputs)
        self.assertEqual(outputs.shape, (None, 2, 3))
        x = np.linspace(-1, 1, 6).astype("float32").reshape(1, 2, 3)
        self.assertAllClose(Model(inputs, outputs)(x), _elu(x, 2.0),
                            atol=1e-6)
