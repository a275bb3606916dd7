import contextlib
import io

import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.callbacks.learning_rate_scheduler import LearningRateScheduler
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit


def _fit(callback, epochs=3):
    model = FakeModel()
    rates = []

    def record(epoch, batch):
        rates.append(round(float(model.optimizer.learning_rate), 6))

    stream = io.StringIO()
    with contextlib.redirect_stdout(stream):
        run_fit(model, [callback], [{"loss": 1.0}] * epochs, steps=1,
                on_step=record)
    return rates, model, stream.getvalue()


class LearningRateSchedulerTest(testing.TestCase):
    def test_schedule_of_epoch_and_rate(self):
        callback = LearningRateScheduler(
            lambda epoch, lr: lr * 0.5, verbose=1
        )
        rates, model, output = _fit(callback)
        self.assertEqual(rates, [0.05, 0.025, 0.0125])
        self.assertAllClose(
            model.history.history["learning_rate"], [0.05, 0.025, 0.0125]
        )
        self.assertIn(
            "Epoch 1: LearningRateScheduler setting learning rate to 0.05",
            output,
        )

    def test_schedule_of_epoch_only(self):
        rates, _, output = _fit(
            LearningRateScheduler(lambda epoch: 0.01 * (epoch + 1))
        )
        self.assertEqual(rates, [0.01, 0.02, 0.03])
        self.assertEqual(output, "")

    def test_numpy_and_tensor_results(self):
        rates, _, _ = _fit(
            LearningRateScheduler(lambda epoch, lr: np.float32(0.25)), 1
        )
        self.assertEqual(rates, [0.25])
        rates, _, _ = _fit(
            LearningRateScheduler(
                lambda epoch, lr: backend.convert_to_tensor(0.5)
            ),
            1,
        )
        self.assertEqual(rates, [0.5])

    def test_invalid_schedule_and_results(self):
        with self.assertRaisesRegex(TypeError, "schedule=0.1"):
            LearningRateScheduler(0.1)
        with self.assertRaisesRegex(ValueError, "Received: 'x'"):
            _fit(LearningRateScheduler(lambda epoch, lr: "x"), 1)
        with self.assertRaisesRegex(ValueError, "float"):
            _fit(LearningRateScheduler(lambda epoch, lr: [0.1, 0.2]), 1)
        callback = LearningRateScheduler(lambda epoch: 0.1)
        model = FakeModel()
        model.optimizer = object()
        callback.set_model(model)
        with self.assertRaisesRegex(ValueError, "learning_rate"):
            callback.on_epoch_begin(0)
