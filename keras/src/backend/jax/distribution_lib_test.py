"""Tests of `keras.distribution` on JAX.

The multi-device checks need 8 devices, which JAX fixes when it starts:
they run together in ONE subprocess started with
`XLA_FLAGS=--xla_force_host_platform_device_count=8` (8 virtual CPU
devices), so the rest of the suite keeps its single device. The script
prints one JSON object of results; the test methods assert on it.
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
    backend.backend() != "jax", reason="JAX sharding tests."
)

_SCRIPT = textwrap.dedent(
    """
    import json
    import numpy as np
    import jax
    from jax.sharding import PartitionSpec as P
    import keras
    from keras import distribution as dist
    from keras.src.backend.jax import trainer

    def spec(array):
        # Trailing `None`s dropped: JAX leaves them out of some specs.
        axes = list(array.sharding.spec)
        while axes and axes[-1] is None:
            axes.pop()
        return axes

    out = {"devices": dist.list_devices(), "count": dist.get_device_count()}
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 6)).astype("float32")
    y = rng.normal(size=(32, 3)).astype("float32")

    def make_model():
        keras.utils.set_random_seed(1)
        model = keras.Sequential([
            keras.Input((6,)),
            keras.layers.Dense(8, activation="relu", name="hidden"),
            keras.layers.Dense(3, name="head"),
        ])
        model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
        return model

    def fit(model):
        return model.fit(x, y, batch_size=16, epochs=3, shuffle=False,
                         verbose=0).history["loss"]

    single = make_model()
    weights = single.get_weights()
    out["single"] = fit(single)

    # DataParallel over the 8 devices: same weights, same losses.
    with dist.DataParallel().scope():
        model = make_model()
        model.set_weights(weights)
        out["dp_loss"] = fit(model)
        kernel = model.layers[0].kernel.value
        out["dp_kernel_spec"] = spec(kernel)
        out["dp_kernel_devices"] = len(kernel.sharding.device_set)
        xb, yb = trainer.convert_batch((x[:16], y[:16]))
        out["batch_spec"] = spec(xb)
        out["batch_shards"] = sorted(
            {tuple(s.data.shape) for s in xb.addressable_shards})
        short = trainer.convert_batch(x[:3])
        out["short_batch_spec"] = spec(short)

    # ModelParallel: hidden kernel split on its columns over "model".
    mesh = dist.DeviceMesh((2, 4), ["batch", "model"])
    layout_map = dist.LayoutMap(mesh)
    layout_map["hidden/kernel"] = (None, "model")
    with dist.ModelParallel(layout_map=layout_map).scope():
        model = make_model()
        model.set_weights(weights)
        kernel = model.layers[0].kernel
        out["mp_spec_before"] = spec(kernel.value)
        out["mp_shard_shapes"] = sorted(
            {tuple(s.data.shape) for s in kernel.value.addressable_shards})
        out["mp_loss"] = fit(model)
        out["mp_spec_after"] = spec(kernel.value)
        out["mp_slot_specs"] = [
            spec(v.value) for v in model.optimizer.variables
            if "hidden_kernel" in v.path]
        out["mp_head_spec"] = spec(
            model.layers[1].kernel.value)

    # distribute_tensor, eagerly and inside jit.
    layout = dist.TensorLayout(["batch", None], mesh)
    t = dist.distribute_tensor(np.ones((4, 2)), layout)
    out["tensor_spec"] = spec(t)
    traced = jax.jit(lambda a: dist.distribute_tensor(a * 2, layout))(
        np.ones((4, 2), "float32"))
    out["traced_spec"] = spec(traced)
    print("RESULTS" + json.dumps(out))
    """
)


class JaxDistributionTest(testing.TestCase):
    results = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        env = dict(os.environ)
        env["KERAS_BACKEND"] = "jax"
        # Appended: the conftest's fast-compile flags stay on (the
        # subprocess compiles every step for 8 devices).
        env["XLA_FLAGS"] = " ".join(
            [env.get("XLA_FLAGS", ""),
             "--xla_force_host_platform_device_count=8"]).strip()
        env["JAX_PLATFORMS"] = "cpu"
        proc = subprocess.run(
            [sys.executable, "-c", _SCRIPT],
            env=env,
            capture_output=True,
            text=True,
            timeout=240,
        )
        lines = [
            line for line in proc.stdout.splitlines()
            if line.startswith("RESULTS")
        ]
        if proc.returncode != 0 or not lines:
            raise AssertionError(
                "The 8-device subprocess failed:\n" + proc.stderr[-4000:]
            )
        cls.results = json.loads(lines[-1][len("RESULTS"):])

    def test_devices(self):
        r = self.results
        self.assertEqual(r["devices"], [f"cpu:{i}" for i in range(8)])
        self.assertEqual(r["count"], 8)

    def test_data_parallel_same_loss(self):
        r = self.results
        self.assertLen(r["dp_loss"], 3)
        self.assertAllClose(r["dp_loss"], r["single"], rtol=1e-4)
        self.assertEqual(r["dp_kernel_spec"], [])
        self.assertEqual(r["dp_kernel_devices"], 8)

    def test_batches_sharded_on_batch_axis(self):
        r = self.results
        self.assertEqual(r["batch_spec"], ["batch"])
        self.assertEqual(r["batch_shards"], [[2, 6]])
        # A batch that 8 devices cannot split evenly is replicated.
        self.assertEqual(r["short_batch_spec"], [])

    def test_model_parallel_layout_and_loss(self):
        r = self.results
        spec = [None, "model"]
        self.assertEqual(r["mp_spec_before"], spec)
        self.assertEqual(r["mp_shard_shapes"], [[6, 2]])
        # The jitted steps kept the layout; the slots follow it.
        self.assertEqual(r["mp_spec_after"], spec)
        self.assertEqual(r["mp_slot_specs"], [spec, spec])
        self.assertEqual(r["mp_head_spec"], [])
        self.assertAllClose(r["mp_loss"], r["single"], rtol=1e-4)

    def test_distribute_tensor(self):
        self.assertEqual(
            self.results["tensor_spec"], ["batch"]
        )
        self.assertEqual(
            self.results["traced_spec"], ["batch"]
        )


class JaxSingleDeviceTest(testing.TestCase):
    def test_backend_mesh_and_layout(self):
        from keras.src.distribution import distribution_lib as dl

        device = dl.list_devices()[0]
        mesh = dl.DeviceMesh((1,), ["batch"], [device])
        self.assertEqual(tuple(mesh.backend_mesh.axis_names), ("batch",))
        layout = dl.TensorLayout(["batch", None], mesh)
        x = dl.distribute_tensor(np.ones((2, 3)), layout)
        self.assertEqual(x.sharding, layout.backend_layout)
        with self.assertRaisesRegex(ValueError, "no device 'cpu:99'"):
            dl.DeviceMesh((1,), ["batch"], ["cpu:99"]).backend_mesh
        with self.assertRaisesRegex(ValueError, "TensorLayout"):
            dl.distribute_tensor(np.ones((2,)), "batch")
