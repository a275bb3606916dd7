import contextlib
import io
import warnings

from keras.src import backend
from keras.src import testing
from keras.src.callbacks.reduce_lr_on_plateau import ReduceLROnPlateau
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit


def _fit(callback, values, key="val_loss"):
    model = FakeModel()
    logs = [{key: v} if v is not None else {} for v in values]
    stream = io.StringIO()
    rates = []

    def record(epoch, batch):
        if batch == 0:
            rates.append(float(model.optimizer.learning_rate))

    with contextlib.redirect_stdout(stream):
        run_fit(model, [callback], logs, steps=1, on_step=record)
    rates.append(float(model.optimizer.learning_rate))
    return [round(r, 6) for r in rates], model, stream.getvalue()


class ReduceLROnPlateauTest(testing.TestCase):
    def test_reduces_after_patience_down_to_min_lr(self):
        callback = ReduceLROnPlateau(
            patience=1, factor=0.5, min_lr=0.02, verbose=1
        )
        rates, model, output = _fit(callback, [5, 5, 5, 5, 5, 5])
        # The rate each epoch trained with, then the final rate.
        self.assertEqual(rates, [0.1, 0.1, 0.05, 0.025, 0.02, 0.02, 0.02])
        self.assertIn(
            "Epoch 2: ReduceLROnPlateau reducing learning rate to 0.05",
            output,
        )
        history = model.history.history["learning_rate"]
        self.assertAllClose(history, [0.1, 0.1, 0.05, 0.025, 0.02, 0.02])

    def test_cooldown(self):
        callback = ReduceLROnPlateau(patience=1, factor=0.5, cooldown=2)
        rates, _, _ = _fit(callback, [5, 5, 5, 5, 5, 5, 5, 4, 4])
        # Reductions at epochs 1, 3, 5 and 8 (the improvement at 7
        # resets the count).
        self.assertEqual(
            rates,
            [0.1, 0.1, 0.05, 0.05, 0.025, 0.025, 0.0125, 0.0125, 0.0125,
             0.00625],
        )
        self.assertEqual(callback.cooldown_counter, 2)

    def test_max_mode_with_min_delta(self):
        callback = ReduceLROnPlateau(
            monitor="acc", mode="max", patience=0, min_delta=0.5
        )
        values = [backend.convert_to_tensor(v) for v in [1.0, 1.4, 2.0]]
        rates, _, _ = _fit(callback, values, key="acc")
        self.assertEqual(rates, [0.1, 0.1, 0.01, 0.01])
        self.assertEqual(callback.best, 2.0)
        self.assertTrue(callback.in_cooldown() is False)

    def test_missing_metric_warns(self):
        callback = ReduceLROnPlateau(patience=0)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            rates, _, _ = _fit(callback, [None, None])
        self.assertEqual(rates, [0.1, 0.1, 0.1])
        self.assertIn("learning_rate", str(caught[0].message))

    def test_epsilon_is_min_delta(self):
        with self.assertWarnsRegex(UserWarning, "epsilon"):
            callback = ReduceLROnPlateau(epsilon=0.3)
        self.assertEqual(callback.min_delta, 0.3)

    def test_invalid_arguments(self):
        with self.assertRaisesRegex(ValueError, "factor=1.0"):
            ReduceLROnPlateau(factor=1.0)
        with self.assertRaisesRegex(ValueError, "factor=0"):
            ReduceLROnPlateau(factor=0)
        with self.assertRaisesRegex(TypeError, "min_lr='0'"):
            ReduceLROnPlateau(min_lr="0")
        with self.assertRaisesRegex(TypeError, "foo"):
            ReduceLROnPlateau(foo=1)
        with self.assertRaisesRegex(ValueError, "learning_rate"):
            callback = ReduceLROnPlateau()
            model = FakeModel()
            model.optimizer = None
            callback.set_model(model)
            callback.on_epoch_end(0, {"val_loss": 1.0})
