import contextlib
import io
import warnings

import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.callbacks.early_stopping import EarlyStopping
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit


def _fit(callback, values, key="val_loss", model=None):
    """Fits for `len(values)` epochs of 2 steps, `values` as `key`.

    Returns the epochs that ran, the model and the printed output."""
    model = model or FakeModel()
    logs = [{key: v} if v is not None else {} for v in values]
    stream = io.StringIO()
    with contextlib.redirect_stdout(stream):
        ran = run_fit(model, [callback], logs, steps=2)
    return ran, model, stream.getvalue()


class _Metric:
    def __init__(self, name, direction):
        self.name = name
        self._direction = direction


class _Container:
    def __init__(self, metrics):
        self.name = "compile_metrics"
        self.metrics = metrics


class EarlyStoppingTest(testing.TestCase):
    def test_stops_after_patience_and_restores_best_weights(self):
        callback = EarlyStopping(
            patience=2, verbose=1, restore_best_weights=True
        )
        ran, model, output = _fit(callback, [5, 4, 3, 3.5, 3.2, 1])
        # Best at epoch 2; epochs 3 and 4 do not improve: stop at 4.
        self.assertEqual(ran, [0, 1, 2, 3, 4])
        self.assertEqual(callback.stopped_epoch, 4)
        self.assertEqual(callback.best, 3)
        self.assertEqual(callback.best_epoch, 2)
        # Each epoch adds 2 to the weights: those after epoch 2 are 6.
        self.assertAllClose(model.weights_values[0], [6.0, 6.0])
        self.assertEqual(
            output,
            "Epoch 5: early stopping\nRestoring model weights from the end "
            "of the best epoch: 3.\n",
        )

    def test_min_delta_and_tensor_values(self):
        callback = EarlyStopping(patience=2, min_delta=0.5)
        values = [backend.convert_to_tensor(v) for v in [5, 4, 3.8, 3.5, 3]]
        ran, _, _ = _fit(callback, values)
        self.assertEqual(ran, [0, 1, 2, 3])
        self.assertEqual(callback.best, 4.0)
        self.assertEqual(callback.min_delta, -0.5)

    def test_max_mode(self):
        callback = EarlyStopping(
            monitor="acc", mode="max", patience=1, min_delta=0.1
        )
        ran, _, _ = _fit(callback, [0.1, 0.15, 0.3, 0.35, 0.36], key="acc")
        self.assertEqual(ran, [0, 1])
        self.assertEqual(callback.best, 0.1)

    def test_baseline_keeps_counting_until_beaten(self):
        callback = EarlyStopping(patience=3, baseline=2.0)
        ran, _, _ = _fit(callback, [5, 4, 3, 4, 5])
        self.assertEqual(ran, [0, 1, 2, 3])
        callback = EarlyStopping(patience=1, baseline=2.0)
        ran, _, _ = _fit(callback, [5, 4, 3, 2.5, 1])
        self.assertEqual(ran, [0, 1, 2, 3, 4])
        self.assertEqual(callback.wait, 0)

    def test_start_from_epoch_ignores_warm_up(self):
        callback = EarlyStopping(patience=0, start_from_epoch=2)
        ran, _, _ = _fit(callback, [5, 6, 7, 8, 9])
        self.assertEqual(ran, [0, 1, 2, 3])
        self.assertEqual(callback.best, 7)

    def test_restores_best_weights_without_stopping(self):
        callback = EarlyStopping(patience=5, restore_best_weights=True)
        ran, model, _ = _fit(callback, [3, 1, 2])
        self.assertEqual(ran, [0, 1, 2])
        self.assertEqual(callback.stopped_epoch, 0)
        self.assertAllClose(model.weights_values[0], [4.0, 4.0])

    def test_missing_metric_warns_and_never_stops(self):
        callback = EarlyStopping(patience=0)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            ran, _, _ = _fit(callback, [None, None, None])
        self.assertEqual(ran, [0, 1, 2])
        self.assertLen(caught, 3)
        self.assertIn("val_loss", str(caught[0].message))

    def test_auto_mode_reads_metric_direction(self):
        model = FakeModel()
        model.metrics = [
            _Metric("loss", None),
            _Container([_Metric("accuracy", "up"), _Metric("mae", "down")]),
        ]
        callback = EarlyStopping(monitor="val_accuracy", patience=0)
        ran, _, _ = _fit(callback, [0.5, 0.4], key="val_accuracy", model=model)
        self.assertEqual(ran, [0, 1])
        self.assertEqual(callback.best, 0.5)
        callback = EarlyStopping(monitor="mae", patience=0)
        _fit(callback, [0.5, 0.4, 0.3], key="mae", model=model)
        self.assertEqual(callback.best, 0.3)

    def test_auto_mode_unknown_metric_raises(self):
        callback = EarlyStopping(monitor="val_accuracy")
        with self.assertRaisesRegex(ValueError, "mode='max'"):
            _fit(callback, [0.5], key="val_accuracy")

    def test_reuse_resets_state(self):
        callback = EarlyStopping(patience=0)
        _fit(callback, [1, 2])
        self.assertEqual(callback.stopped_epoch, 1)
        ran, _, _ = _fit(callback, [3, 2, 1])
        self.assertEqual(ran, [0, 1, 2])
        self.assertEqual(callback.stopped_epoch, 0)
        self.assertEqual(callback.best, 1)

    def test_get_monitor_value(self):
        callback = EarlyStopping(monitor="loss")
        value = callback.get_monitor_value({"loss": np.float32(0.5)})
        self.assertIsInstance(value, float)
        self.assertEqual(value, 0.5)

    def test_invalid_arguments(self):
        with self.assertRaisesRegex(ValueError, "patience=-1"):
            EarlyStopping(patience=-1)
        with self.assertRaisesRegex(ValueError, "start_from_epoch=1.5"):
            EarlyStopping(start_from_epoch=1.5)
        with self.assertRaisesRegex(TypeError, "min_delta='x'"):
            EarlyStopping(min_delta="x")
        with self.assertRaisesRegex(TypeError, "baseline='1'"):
            EarlyStopping(baseline="1")
        with self.assertWarnsRegex(UserWarning, "mode 'foo' is unknown"):
            callback = EarlyStopping(mode="foo")
        self.assertEqual(callback.mode, "auto")
