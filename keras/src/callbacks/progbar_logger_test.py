import contextlib
import io
import re

from keras.src import backend
from keras.src import testing
from keras.src.callbacks.callback_list import CallbackList
from keras.src.callbacks.progbar_logger import ProgbarLogger
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit

_ANSI = re.compile("\x1b\\[[0-9;]*m")
_BAR = "\u2501" * 20


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def _fit_output(stream=None, **kwargs):
    stream = stream or io.StringIO()
    with contextlib.redirect_stdout(stream):
        run_fit(FakeModel(), [ProgbarLogger()], **kwargs)
    return stream.getvalue()


def _plain_lines(text):
    """The lines of `text` with their timings replaced by `T`."""
    lines = []
    for line in text.splitlines():
        line = re.sub(r"\d+(s|ms|us)/step", "T/step", line)
        lines.append(re.sub(r"(?<= )\d+s(?= )", "Ts", line))
    return lines


class ProgbarLoggerTest(testing.TestCase):
    def test_fit_verbose_1_without_terminal(self):
        logs = [
            {"loss": 0.5, "acc": backend.convert_to_tensor(0.25)},
            {"loss": 0.125, "acc": 0.5, "val_loss": 0.75},
        ]
        output = _fit_output(epoch_logs=logs, verbose=1, steps=3)
        self.assertNotIn("\r", output)
        self.assertEqual(
            _plain_lines(output),
            [
                # The batches reported `loss` only: it keeps its place.
                "Epoch 1/2",
                f"3/3 {_BAR} Ts T/step - loss: 0.5000 - acc: 0.2500",
                "Epoch 2/2",
                f"3/3 {_BAR} Ts T/step - loss: 0.1250 - acc: 0.5000"
                " - val_loss: 0.7500",
            ],
        )

    def test_fit_verbose_2_and_single_epoch(self):
        output = _fit_output(epoch_logs=[{"loss": 0.5}], verbose=2, steps=2)
        self.assertEqual(
            _plain_lines(output), ["2/2 - Ts - T/step - loss: 0.5000"]
        )

    def test_fit_verbose_0_is_silent(self):
        output = _fit_output(epoch_logs=[{"loss": 0.5}] * 2, verbose=0)
        self.assertEqual(output, "")

    def test_terminal_redraws_batches(self):
        output = _fit_output(
            stream=_Terminal(), epoch_logs=[{"loss": 0.5}], verbose=1, steps=2
        )
        frames = _ANSI.sub("", output).split("\r")[1:]
        # Each batch redraws the line (the first at least), then the final
        # frame ends with a newline.
        self.assertTrue(frames[0].startswith("1/2 "))
        self.assertTrue(frames[-1].startswith("2/2 "))
        self.assertTrue(frames[-1].endswith("loss: 0.5000\n"))

    def test_unknown_steps_learned_after_the_first_epoch(self):
        logger = ProgbarLogger()
        logger.set_params({"verbose": 1, "epochs": 2, "steps": None})
        stream = io.StringIO()
        with contextlib.redirect_stdout(stream):
            logger.on_train_begin()
            for epoch in range(2):
                logger.on_epoch_begin(epoch)
                for batch in range(4):
                    logger.on_train_batch_end(batch, {"loss": 1.0})
                logger.on_epoch_end(epoch, {"loss": 1.0})
            logger.on_train_end()
        self.assertEqual(logger.target, 4)
        lines = stream.getvalue().splitlines()
        self.assertTrue(lines[1].startswith("4/4 "))

    def test_evaluate_and_predict_bars(self):
        logger = ProgbarLogger()
        callbacks = CallbackList([logger], verbose=2, epochs=1, steps=2)
        stream = io.StringIO()
        with contextlib.redirect_stdout(stream):
            callbacks.on_test_begin()
            callbacks.on_test_batch_end(0, {"loss": 3.0})
            callbacks.on_test_batch_end(1, {"loss": 2.0})
            callbacks.on_test_end({"loss": 2.0})
            callbacks.on_predict_begin()
            callbacks.on_predict_batch_end(0, {"outputs": [1.0]})
            callbacks.on_predict_batch_end(1, {"outputs": [1.0]})
            callbacks.on_predict_end()
        self.assertEqual(
            _plain_lines(stream.getvalue()),
            ["2/2 - Ts - T/step - loss: 2.0000", "2/2 - Ts - T/step"],
        )

    def test_validation_inside_fit_prints_no_bar(self):
        logger = ProgbarLogger()
        logger.set_params({"verbose": 2, "epochs": 1, "steps": 1})
        stream = io.StringIO()
        with contextlib.redirect_stdout(stream):
            logger.on_train_begin()
            logger.on_epoch_begin(0)
            logger.on_train_batch_end(0, {"loss": 1.0})
            logger.on_test_begin()
            logger.on_test_batch_end(0, {"loss": 9.0})
            logger.on_test_end({"loss": 9.0})
            logger.on_epoch_end(0, {"loss": 1.0, "val_loss": 9.0})
            logger.on_train_end()
        self.assertEqual(
            _plain_lines(stream.getvalue()),
            ["1/1 - Ts - T/step - loss: 1.0000 - val_loss: 9.0000"],
        )

    def test_set_params(self):
        logger = ProgbarLogger()
        logger.set_params({"verbose": "auto", "epochs": 3, "steps": 7})
        self.assertEqual(
            (logger.verbose, logger.epochs, logger.target), (1, 3, 7)
        )
        logger.set_params({"verbose": 2})
        self.assertEqual((logger.epochs, logger.target), (1, None))
