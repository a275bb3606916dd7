from unittest import mock

import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import testing

pytestmark = pytest.mark.skipif(
    backend.backend() != "torch", reason="Whole-step capture is torch's."
)

CHEAP = {"backend": "aot_eager", "fullgraph": True}


class CallCounter(keras.layers.Layer):
    """Counts its training calls in a non-trainable variable."""

    def build(self, input_shape):
        self.calls = self.add_weight(shape=(), initializer="zeros",
                                     trainable=False, name="calls")

    def call(self, x, training=False):
        if training:
            self.calls.assign_add(1.0)
        return x


class NeedsPythonValue(keras.layers.Layer):
    def call(self, x):
        return x * float(keras.ops.convert_to_numpy(keras.ops.max(x)))


def _data():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(40, 4)).astype("float32"),
            rng.normal(size=(40, 2)).astype("float32"))


def _model(jit_compile, extra=None):
    keras.utils.set_random_seed(1)
    model = keras.Sequential(
        [keras.Input((4,)), CallCounter(), keras.layers.Dense(2)]
        + ([extra] if extra is not None else [])
    )
    model.compile(optimizer="adam", loss="mse", metrics=["mae"],
                  jit_compile=jit_compile)
    return model


class StepCaptureTest(testing.TestCase):
    def test_matches_eager_and_updates_state_in_place(self):
        x, y = _data()
        eager = _model(False)
        compiled = _model(CHEAP)
        kwargs = dict(batch_size=16, epochs=2, validation_split=0.25,
                      shuffle=False, verbose=0)
        expected = eager.fit(x, y, **kwargs).history
        history = compiled.fit(x, y, **kwargs).history
        for key in expected:
            self.assertAllClose(history[key], expected[key], rtol=1e-5)
        # Two epochs of 30 rows at batch 16: four training calls.
        self.assertEqual(float(compiled.layers[0].calls.numpy()), 4.0)
        self.assertAllClose(compiled.predict(x, verbose=0),
                            eager.predict(x, verbose=0), atol=1e-6)
        for a, b in zip(compiled.get_weights(), eager.get_weights()):
            self.assertAllClose(a, b, atol=1e-6)

    def test_layer_needing_python_values_is_named_in_the_error(self):
        x, y = _data()
        model = _model(CHEAP, NeedsPythonValue())
        with self.assertRaisesRegex(RuntimeError, "supports_jit"):
            model.fit(x, y, epochs=1, verbose=0)

    def test_declared_unsupported_layer_compiles_around_it(self):
        x, y = _data()
        layer = NeedsPythonValue()
        layer.supports_jit = {"torch": False}
        model = _model({"backend": "aot_eager"}, layer)
        history = model.fit(x, y, epochs=2, verbose=0).history
        self.assertLen(history["loss"], 2)


class _VariableLengths(keras.utils.PyDataset):
    """Token batches padded to their own length; the last one shorter."""

    def __init__(self, batches=6):
        super().__init__()
        self.batches = batches

    def __len__(self):
        return self.batches

    def __getitem__(self, index):
        rng = np.random.default_rng(index)
        rows = 8 if index < self.batches - 1 else 3
        return (rng.integers(1, 50, (rows, 4 + 3 * index)),
                rng.random((rows, 1)).astype("float32"))


class DynamicShapesTest(testing.TestCase):
    def _fit(self, jit_compile, captures, batches=6, epochs=2):
        from keras.src.backend.torch import step_capture

        keras.utils.set_random_seed(2)
        model = keras.Sequential([
            keras.Input((None,), dtype="int32"),
            keras.layers.Embedding(50, 4),
            keras.layers.GlobalAveragePooling1D(),
            keras.layers.Dense(1),
        ])
        model.compile(optimizer="adam", loss="mse", jit_compile=jit_compile)
        original = step_capture.CapturedStep._capture

        def counted(step, leaves, treedef, symbolic=False):
            captures.append(bool(symbolic))
            return original(step, leaves, treedef, symbolic)

        with mock.patch.object(step_capture.CapturedStep, "_capture",
                               counted):
            history = model.fit(_VariableLengths(batches), epochs=epochs,
                                shuffle=False, verbose=0).history
        return model, history

    def test_one_symbolic_graph_serves_every_later_shape(self):
        captures = []
        eager, expected = self._fit(False, [])
        compiled, history = self._fit({"backend": "eager"}, captures)
        # The first shape, then one graph with symbolic sizes for the
        # other five lengths and the short last batch, in both epochs.
        self.assertEqual(captures, [False, True])
        self.assertAllClose(history["loss"], expected["loss"], rtol=1e-5)
        for a, b in zip(compiled.get_weights(), eager.get_weights()):
            self.assertAllClose(a, b, atol=1e-5)

    def test_static_shapes_when_asked(self):
        captures = []
        self._fit({"backend": "eager", "dynamic": False}, captures,
                  batches=3, epochs=1)
        self.assertEqual(captures, [False] * 3)

    def test_short_last_batch_runs_eagerly(self):
        from keras.src.backend.torch import step_capture

        captures = []
        original = step_capture.CapturedStep._capture

        def counted(step, leaves, treedef, symbolic=False):
            captures.append(step._kind)
            return original(step, leaves, treedef, symbolic)

        x, y = _data()
        expected = _model(False).fit(x, y, batch_size=16, epochs=2,
                                     shuffle=False, verbose=0).history
        model = _model({"backend": "eager"})
        with mock.patch.object(step_capture.CapturedStep, "_capture",
                               counted):
            history = model.fit(x, y, batch_size=16, epochs=2,
                                shuffle=False, verbose=0).history
            model.predict(x, batch_size=16, verbose=0)
        # 40 rows: two batches of 16 through the graph, 8 rows eagerly.
        self.assertEqual(captures, ["train", "predict"])
        self.assertAllClose(history["loss"], expected["loss"], rtol=1e-5)
        self.assertAllClose(model.layers[0].calls, 6.0)


class CompileInChildTest(testing.TestCase):
    """Large steps are captured and compiled by a forked child while the
    step runs eagerly (`step_capture._CompileInChild`); here every step
    counts as large."""

    def setUp(self):
        super().setUp()
        from keras.src.backend.torch import step_capture

        self.step_capture = step_capture
        patcher = mock.patch.dict(step_capture.BACKGROUND_COMPILE_OPS,
                                  train=0, test=0, predict=0)
        patcher.start()
        self.addCleanup(patcher.stop)

    def _wait_for_children(self):
        """Every step after the eager first one waits for the child:
        which steps run compiled does not depend on timing."""
        pending = self.step_capture._CompileInChild
        original = pending.done
        checks = []

        def done(entry):
            checks.append(entry)
            entry.wait()
            return original(entry)

        return mock.patch.object(pending, "done", done), checks

    def test_eager_until_the_child_is_done_then_compiled(self):
        import torch._dynamo.utils as dynamo_utils

        x, y = _data()
        kwargs = dict(batch_size=16, epochs=2, shuffle=False, verbose=0)
        expected = _model(False).fit(x, y, **kwargs).history
        model = _model(True)
        graphs = dynamo_utils.counters["stats"]["unique_graphs"]
        captures = []
        original = self.step_capture.CapturedStep._capture

        def counted(step, *args, **kwargs):
            captures.append(step._kind)
            return original(step, *args, **kwargs)

        wait, checks = self._wait_for_children()
        with wait, mock.patch.object(self.step_capture.CapturedStep,
                                     "_capture", counted):
            history = model.fit(x, y, **kwargs).history
        # Step 1 eagerly, steps 2 to 4 in the graph the child compiled
        # (the short batches run eagerly in any case); nothing captured
        # in this process.
        self.assertLen(checks, 1)
        self.assertEqual(captures, [])
        self.assertEqual(
            dynamo_utils.counters["stats"]["unique_graphs"] - graphs, 1)
        self.assertAllClose(history["loss"], expected["loss"], rtol=1e-5)
        self.assertEqual(float(model.layers[0].calls.numpy()), 6.0)

    def test_small_step_compiles_here_on_its_second_batch(self):
        x, y = _data()
        captures = []
        original = self.step_capture.CapturedStep._capture

        def counted(step, *args, **kwargs):
            captures.append(step._kind)
            return original(step, *args, **kwargs)

        model = _model(True)
        with mock.patch.dict(self.step_capture.BACKGROUND_COMPILE_OPS,
                             train=10**6), mock.patch.object(
                self.step_capture.CapturedStep, "_capture", counted):
            history = model.fit(x, y, batch_size=16, epochs=1,
                                verbose=0).history
        self.assertEqual(captures, ["train"])
        self.assertLen(history["loss"], 1)

    def test_failed_child_warns_and_the_parent_compiles(self):
        import torch

        def fails(*args, **kwargs):
            raise RuntimeError("compile failed")

        x, y = _data()
        model = _model(True)
        wait, _ = self._wait_for_children()
        with wait, mock.patch.object(torch._inductor, "standalone_compile",
                                     fails):
            with self.assertWarnsRegex(UserWarning,
                                       "background.*compile failed"):
                history = model.fit(x, y, batch_size=16, epochs=1,
                                    verbose=0).history
        self.assertLen(history["loss"], 1)

    def test_capture_error_in_the_child_surfaces_here(self):
        x, y = _data()
        model = _model(True, NeedsPythonValue())
        wait, _ = self._wait_for_children()
        with wait, self.assertWarnsRegex(UserWarning, "background"):
            with self.assertRaisesRegex(RuntimeError, "supports_jit"):
                model.fit(x, y, batch_size=16, epochs=1, verbose=0)

    def test_dropping_the_step_stops_its_child(self):
        import gc
        import os
        import time

        import torch

        class SlowStep:
            _options = {}

            def _trace(self, *args):
                time.sleep(60)

        pending = self.step_capture._CompileInChild(
            SlowStep(), [], [torch.ones(2)], None)
        pid, folder = pending._pid, pending._folder
        self.assertFalse(pending.done())
        del pending
        gc.collect()
        with self.assertRaises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        self.assertFalse(os.path.exists(folder))

    def test_flat_calling_convention_takes_each_constant_once(self):
        import torch

        constant = torch.tensor([2.0, 3.0])

        def step(values, leaves):
            return {"out": values[0] * constant + leaves[0] * constant}

        graph = self.step_capture.make_fx(
            step, tracing_mode="fake", _allow_non_fake_inputs=True
        )([torch.ones(2)], [torch.ones(2)])
        outputs, constants = self.step_capture._flat_calling_convention(
            graph)
        self.assertLen(constants, 1)
        flat = graph(torch.ones(2), torch.ones(2), *constants)
        self.assertAllClose(
            torch.utils._pytree.tree_unflatten(flat, outputs)["out"],
            [4.0, 6.0])
