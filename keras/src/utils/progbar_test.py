import contextlib
import io
import re
from unittest import mock

import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.utils import io_utils
from keras.src.utils import progbar as progbar_module
from keras.src.utils.progbar import Progbar

_ANSI = re.compile("\x1b\\[[0-9;]*m")


class _Clock:
    """Replaces `time.time` in the progbar module with a settable clock."""

    def __init__(self, test):
        self.now = 1000.0
        patcher = mock.patch.object(
            progbar_module.time, "time", lambda: self.now
        )
        patcher.start()
        test.addCleanup(patcher.stop)


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def _run(steps, stream=None, **kwargs):
    """Runs `(current, seconds, values, finalize)` updates; returns the
    output."""
    stream = stream or io.StringIO()
    with contextlib.redirect_stdout(stream):
        bar = Progbar(**kwargs)
        for current, seconds, values, finalize in steps:
            _run.clock.now += seconds
            bar.update(current, values, finalize=finalize)
    return stream.getvalue()


class ProgbarTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        _run.clock = _Clock(self)

    def test_static_display_prints_only_the_final_line(self):
        output = _run(
            [
                (1, 0.5, [("loss", 1.0)], None),
                (3, 0.5, [("loss", 2.0), ("acc", 0.5)], None),
                (5, 2.0, [("loss", 3.0)], None),
            ],
            target=5,
        )
        # Elapsed 3s; 2.5s over the 4 steps after the first: 625ms/step.
        # A finalizing update shows its values as given.
        self.assertEqual(
            output,
            "5/5 " + "\u2501" * 20 + " 3s 625ms/step - loss: 3.0000"
            " - acc: 0.5000\n",
        )
        self.assertNotIn("\r", output)

    def test_dynamic_display_redraws_with_averages_and_eta(self):
        output = _run(
            [
                (1, 0.5, [("loss", 1.0)], None),
                (3, 0.5, [("loss", 2.0), ("acc", 0.5)], None),
                (5, 2.0, [("loss", 3.0)], None),
            ],
            stream=_Terminal(),
            target=5,
        )
        frames = _ANSI.sub("", output).split("\r")[1:]
        bar = "\u2501" * 20
        self.assertEqual(
            frames,
            [
                # ETA: 0.5s/step for 4 steps.
                f"1/5 {bar} 2s 500ms/step - loss: 1.0000",
                # Average weighted by steps: (1*1 + 2*2) / 3.
                f"3/5 {bar} 0s 250ms/step - loss: 1.6667 - acc: 0.5000",
                f"5/5 {bar} 3s 625ms/step - loss: 3.0000 - acc: 0.5000\n",
            ],
        )
        self.assertIn("\x1b[32m" + "\u2501" * 4 + "\x1b[0m", output)

    def test_redraws_are_throttled_by_interval(self):
        output = _run(
            [
                (1, 0.5, [("loss", 1.0)], None),
                (2, 0.01, [("loss", 2.0)], None),
                (3, 0.01, [("loss", 3.0)], None),
            ],
            stream=_Terminal(),
            target=5,
        )
        self.assertEqual(output.count("\r"), 1)

    def test_shorter_line_is_padded_to_erase_the_previous_one(self):
        output = _run(
            [
                (1, 0.5, [("l", 1e-4)], None),
                (2, 0.5, [("l", float("nan"))], None),
            ],
            stream=_Terminal(),
            target=3,
        )
        first, second = _ANSI.sub("", output).split("\r")[1:]
        self.assertTrue(first.endswith("l: 1.0000e-04"))
        self.assertTrue(second.endswith("l: nan       "))
        self.assertEqual(len(first), len(second))

    def test_verbose_2_prints_one_line(self):
        output = _run(
            [(1, 0.5, [("loss", 1.0)], None), (5, 2.0, [("loss", 3)], None)],
            target=5,
            verbose=2,
        )
        self.assertEqual(output, "5/5 - 2s - 500ms/step - loss: 3.0000\n")

    def test_verbose_0_prints_nothing(self):
        output = _run([(5, 1.0, [("loss", 1.0)], None)], target=5, verbose=0)
        self.assertEqual(output, "")

    def test_unknown_target(self):
        output = _run(
            [
                (1, 0.5, [("loss", 1.0)], None),
                (3, 0.5, [("loss", 2e-5)], None),
                (5, 2.0, [("loss", 30000.0)], True),
            ],
            stream=_Terminal(),
            target=None,
        )
        frames = _ANSI.sub("", output).split("\r")[1:]
        self.assertEqual(
            frames,
            [
                "      1/Unknown 0s 500ms/step - loss: 1.0000",
                "      3/Unknown 1s 250ms/step - loss: 0.3333",
                "      5/Unknown 3s 625ms/step - loss: 30000.0000\n",
            ],
        )

    def test_long_eta_and_unit_name(self):
        output = _run(
            [
                (1, 0.001, [("acc", 1.0)], None),
                (10, 100.0, [("acc", 2.0)], None),
                (500, 4000.0, [("acc", 3.0)], None),
            ],
            stream=_Terminal(),
            target=1000,
            unit_name="sample",
            stateful_metrics=["acc"],
        )
        frames = _ANSI.sub("", output).split("\r")[1:]
        self.assertIn(" 0s 1000us/sample - acc: 1.0000", frames[0])
        self.assertIn(" 3:03:20 11s/sample - acc: 2.0000", frames[1])
        self.assertIn(" 1:08:28 8s/sample - acc: 3.0000", frames[2])
        self.assertTrue(frames[0].startswith("   1/1000 "))

    def test_stateful_and_stateless_metrics(self):
        steps = [
            (1, 0.5, [("loss", 1.0), ("acc", 1.0)], None),
            (3, 0.5, [("loss", 2.0), ("acc", 2.0)], None),
        ]
        output = _run(
            steps, stream=_Terminal(), target=5, stateful_metrics=["loss"]
        )
        self.assertTrue(output.endswith("loss: 2.0000 - acc: 1.6667"))
        output = _run(
            steps, stream=_Terminal(), target=5, stateless_metrics=["loss"]
        )
        self.assertTrue(output.endswith("loss: 1.6667 - acc: 2.0000"))
        output = _run(
            steps, stream=_Terminal(), target=5, stateless_metrics=[]
        )
        self.assertTrue(output.endswith("loss: 2.0000 - acc: 2.0000"))

    def test_add_and_tensor_values(self):
        stream = _Terminal()
        with contextlib.redirect_stdout(stream):
            bar = Progbar(target=5)
            _run.clock.now += 0.5
            bar.add(1, [("loss", backend.convert_to_tensor(1.0))])
            _run.clock.now += 0.5
            bar.add(2, [("loss", np.float32(4.0))])
            _run.clock.now += 0.5
            bar.add(2, {"loss": backend.convert_to_tensor([4.0, 6.0])})
        frames = _ANSI.sub("", stream.getvalue()).split("\r")[1:]
        expected = (1 * 1 + 4 * 2) / 3
        self.assertIn(f"loss: {expected:.4f}", frames[1])
        # A finalizing update shows an array's mean.
        self.assertTrue(frames[2].endswith("loss: 5.0000\n"))
        self.assertEqual(bar._seen_so_far, 5)

    def test_text_values_are_shown_as_given(self):
        output = _run(
            [(1, 0.5, [("phase", "warm-up")], None),
             (2, 0.5, [("phase", "main")], None)],
            stream=_Terminal(),
            target=3,
        )
        self.assertTrue(output.rstrip().endswith(" - phase: main"))

    def test_zero_target_and_empty_values(self):
        output = _run([(0, 0.5, None, None)], target=0)
        self.assertEqual(output, "0/0 " + "\u2501" * 20 + " 0s 0s/step\n")

    def test_ascii_fallback_for_narrow_encodings(self):
        stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
        with contextlib.redirect_stdout(stream):
            self.assertEqual(progbar_module._bar_char(), "=")

    def test_logging_mode_logs_the_final_line(self):
        io_utils.disable_interactive_logging()
        self.addCleanup(io_utils.enable_interactive_logging)
        # On absl's own logger: TensorFlow raises that logger's level when
        # it writes a SavedModel, which an earlier test in the process may.
        with self.assertLogs(logger="absl", level="INFO") as logs:
            _run(
                [(1, 0.5, [], None), (2, 0.5, [("loss", 1.0)], None)],
                stream=_Terminal(),
                target=2,
            )
        lines = [line for line in logs.output if "\u2501" in line]
        self.assertLen(lines, 1)
        self.assertIn("2/2 ", lines[0])
        self.assertNotIn("\r", lines[0])

    def test_invalid_arguments(self):
        with self.assertRaisesRegex(ValueError, "stateful_metrics"):
            Progbar(5, stateful_metrics=["a"], stateless_metrics=["b"])
        with self.assertRaisesRegex(ValueError, "verbose=3"):
            Progbar(5, verbose=3)
        with self.assertRaisesRegex(ValueError, "width=0"):
            Progbar(5, width=0)
        with self.assertRaisesRegex(TypeError, "target='5'"):
            Progbar("5")
        with self.assertRaisesRegex(ValueError, "interval=-1"):
            Progbar(5, interval=-1)
