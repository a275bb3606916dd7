"""`tf.distribute` with Keras models, and the TensorFlow side of
`keras.distribution`.

The multi-device checks run in ONE subprocess whose CPU is split into 2
logical devices before TensorFlow initializes (it cannot be split after),
so the rest of the suite keeps its single device.
"""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from keras.src import backend
from keras.src import testing

pytestmark = pytest.mark.skipif(
    backend.backend() != "tensorflow",
    reason="tf.distribute and the TensorFlow distribution_lib need the "
    "tensorflow backend",
)

_SCRIPT = textwrap.dedent(
    """
    import json, os, tempfile
    import numpy as np
    import tensorflow as tf

    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration()] * 2
    )
    import keras
    from keras.src.backend import distribution_lib

    out = {"devices": distribution_lib.list_devices("cpu")}
    rng = np.random.default_rng(0)
    # 33 rows in batches of 8: the last batch (1 row) leaves one
    # replica empty, and its loss still matches one device's.
    x = rng.normal(size=(33, 4)).astype("float32")
    y = rng.normal(size=(33, 1)).astype("float32")
    keras.utils.set_random_seed(1)
    weights = keras.Sequential(
        [keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
         keras.layers.Dense(1)]
    ).get_weights()

    def make(jit):
        model = keras.Sequential(
            [keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
             keras.layers.Dense(1)]
        )
        model.set_weights(weights)
        model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse",
                      metrics=["mae"], jit_compile=jit)
        return model

    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    for jit in (False, True):
        single = make(jit)
        with strategy.scope():
            mirrored = make(jit)
        kw = dict(batch_size=8, epochs=3, verbose=0, shuffle=False)
        out[f"single_{jit}"] = single.fit(x, y, **kw).history["loss"]
        out[f"mirrored_{jit}"] = mirrored.fit(x, y, **kw).history["loss"]
    out["eval_single"] = single.evaluate(x, y, verbose=0)
    out["eval_mirrored"] = mirrored.evaluate(x, y, verbose=0)
    out["pred"] = float(np.max(np.abs(
        single.predict(x, verbose=0) - mirrored.predict(x, verbose=0)
    )))
    out["kernel"] = type(mirrored.weights[0]._value).__name__
    out["optimizer_var"] = type(
        mirrored.optimizer.variables[-1]._value
    ).__name__
    out["metric_var"] = type(mirrored.metrics_variables[0]._value).__name__

    path = os.path.join(tempfile.mkdtemp(), "mirrored.keras")
    mirrored.save(path)
    with strategy.scope():
        reloaded = keras.saving.load_model(path)
    out["reloaded_kernel"] = type(reloaded.weights[0]._value).__name__
    out["reloaded_eval"] = reloaded.evaluate(x, y, verbose=0)
    out["saved_eval"] = mirrored.evaluate(x, y, verbose=0)

    with keras.device("cpu:1"):
        out["placed"] = keras.ops.ones((2,)).device
    print("RESULT " + json.dumps(out))
    """
)


class TFDistributeTest(testing.TestCase):
    def test_mirrored_strategy_on_two_cpus(self):
        env = dict(os.environ, KERAS_BACKEND="tensorflow",
                   TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
        done = subprocess.run(
            [sys.executable, "-c", _SCRIPT], env=env, capture_output=True,
            text=True, timeout=300,
        )
        lines = [
            line for line in done.stdout.splitlines()
            if line.startswith("RESULT ")
        ]
        self.assertTrue(lines, msg=done.stdout[-2000:] + done.stderr[-4000:])
        out = json.loads(lines[-1][len("RESULT "):])
        self.assertEqual(out["devices"], ["cpu:0", "cpu:1"])
        for jit in ("False", "True"):
            # Same per-epoch loss single-device and data-parallel.
            self.assertAllClose(out[f"mirrored_{jit}"], out[f"single_{jit}"],
                                rtol=1e-4, atol=0)
        self.assertAllClose(out["eval_mirrored"], out["eval_single"],
                            rtol=1e-4)
        self.assertLess(out["pred"], 1e-5)
        self.assertEqual(out["kernel"], "MirroredVariable")
        self.assertEqual(out["optimizer_var"], "MirroredVariable")
        self.assertEqual(out["metric_var"], "SyncOnReadVariable")
        self.assertEqual(out["reloaded_kernel"], "MirroredVariable")
        self.assertAllClose(out["reloaded_eval"], out["saved_eval"],
                            rtol=1e-5)
        self.assertTrue(out["placed"].endswith("CPU:1"), out["placed"])


class DistributionLibTest(testing.TestCase):
    def test_devices(self):
        from keras.src.backend.tensorflow import distribution_lib

        cpus = distribution_lib.list_devices("cpu")
        self.assertEqual(cpus[0], "cpu:0")
        self.assertEqual(distribution_lib.get_device_count("cpu"),
                         len(cpus))
        self.assertGreaterEqual(distribution_lib.get_device_count(), 1)
        with self.assertRaisesRegex(ValueError, "TensorFlow"):
            distribution_lib.list_devices("abacus")

    def test_processes(self):
        from keras.src.backend.tensorflow import distribution_lib

        distribution_lib.initialize()
        self.assertEqual(distribution_lib.num_processes(), 1)
        self.assertEqual(distribution_lib.process_id(), 0)
        with self.assertRaisesRegex(RuntimeError, "TensorFlow"):
            distribution_lib.initialize(num_processes=2, process_id=0)

    def test_layouts(self):
        from keras.src.backend.tensorflow import distribution_lib
        from keras.src.distribution import DeviceMesh
        from keras.src.distribution import TensorLayout

        one = DeviceMesh((1,), ["batch"], ["cpu:0"])
        value = distribution_lib.distribute_value(
            np.ones((2, 3)), TensorLayout(["batch", None], one)
        )
        self.assertTrue(value.device.endswith("CPU:0"))
        self.assertAllClose(
            distribution_lib.distribute_tensor(np.ones((2,)), None),
            np.ones((2,)),
        )
        data = np.ones((4, 2))
        self.assertIs(
            distribution_lib.distribute_data_input(data, None, "batch"),
            data,
        )
        two = DeviceMesh((2,), ["model"], ["cpu:0", "cpu:0"])
        with self.assertRaisesRegex(ValueError, "TensorFlow backend"):
            distribution_lib.distribute_variable(
                np.ones((2, 4)), TensorLayout([None, "model"], two)
            )

    def test_replica_result_helpers(self):
        import tensorflow as tf

        from keras.src.backend.tensorflow import distribution_lib as lib

        strategy = tf.distribute.get_strategy()
        self.assertEqual(
            lib.reduce_per_replica({"a": 1.0}, strategy, "auto"), {"a": 1.0}
        )
        with self.assertRaisesRegex(ValueError, "reduction"):
            lib.reduce_per_replica(1.0, strategy, "max")
        joined = lib.potentially_ragged_concat(
            [tf.ones((1, 2)), tf.ones((2, 3))]
        )
        self.assertIsInstance(joined, tf.RaggedTensor)
        self.assertEqual(joined.row_lengths().numpy().tolist(), [2, 3, 3])
        self.assertEqual(
            lib.potentially_ragged_concat(
                [tf.ones((1, 2)), tf.ones((2, 2))]
            ).shape, (3, 2),
        )
        self.assertIs(lib.convert_to_np_if_not_ragged(joined), joined)
        self.assertAllClose(
            lib.convert_to_np_if_not_ragged(lib.concat(
                [tf.sparse.from_dense(tf.eye(2)), tf.sparse.eye(1, 2)]
            )),
            np.array([[1, 0], [0, 1], [1, 0]]),
        )
