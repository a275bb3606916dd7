import contextlib
import io

import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.callbacks.terminate_on_nan import TerminateOnNaN
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit


def _loss_at(bad_epoch, bad_batch, value):
    def loss(epoch, batch):
        if (epoch, batch) == (bad_epoch, bad_batch):
            return backend.convert_to_tensor(value)
        return 1.0

    return loss


class TerminateOnNaNTest(testing.TestCase):
    def test_stops_cleanly_on_nan(self):
        model = FakeModel()
        stream = io.StringIO()
        with contextlib.redirect_stdout(stream):
            ran = run_fit(
                model,
                [TerminateOnNaN()],
                [{"loss": 1.0}] * 4,
                steps=3,
                batch_loss=_loss_at(1, 1, float("nan")),
            )
        # Epoch 1 stops after its batch 1; `on_train_end` still ran.
        self.assertEqual(ran, [0, 1])
        self.assertEqual(model.optimizer.iterations, 5)
        self.assertEqual(model.history.epoch, [0, 1])
        self.assertEqual(
            stream.getvalue(), "Batch 1: Invalid loss, terminating training\n"
        )

    def test_infinite_loss(self):
        model = FakeModel()
        with contextlib.redirect_stdout(io.StringIO()):
            ran = run_fit(
                model,
                [TerminateOnNaN()],
                [{"loss": 1.0}] * 2,
                batch_loss=_loss_at(0, 0, np.inf),
            )
        self.assertEqual(ran, [0])

    def test_raise_error(self):
        with self.assertRaisesRegex(RuntimeError, "batch 0.*inf"):
            run_fit(
                FakeModel(),
                [TerminateOnNaN(raise_error=True)],
                [{"loss": 1.0}],
                batch_loss=_loss_at(0, 0, -np.inf),
            )

    def test_finite_or_missing_loss_continues(self):
        callback = TerminateOnNaN()
        model = FakeModel()
        callback.set_model(model)
        callback.on_train_batch_end(0, {"loss": np.float32(2.0)})
        callback.on_train_batch_end(1, {"acc": float("nan")})
        callback.on_train_batch_end(2)
        callback.on_test_batch_end(3, {"loss": float("nan")})
        self.assertFalse(model.stop_training)
