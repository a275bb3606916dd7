"""Tests of `keras.distribution` on torch: devices, and `DataParallel` over
`torch.distributed` with 2 gloo processes on localhost.

The multi-process checks run in one launch of 2 processes of this module
with the environment `torchrun` sets (`RANK`, `WORLD_SIZE`,
`MASTER_ADDR`, `MASTER_PORT`): each rank runs `_worker` and writes what
it saw to a JSON file, which the test then reads.
"""

import json
import os
import socket
import subprocess
import sys

import numpy as np
import pytest

from keras.src import backend
from keras.src import testing

requires_torch = pytest.mark.skipif(
    backend.backend() != "torch", reason="torch.distributed: torch only."
)


@requires_torch
class TorchDevicesTest(testing.TestCase):
    def test_list_devices_and_count(self):
        import torch

        from keras.src.backend.torch import distribution_lib

        self.assertEqual(distribution_lib.list_devices("cpu"), ["cpu:0"])
        self.assertEqual(distribution_lib.get_device_count("CPU"), 1)
        gpus = distribution_lib.list_devices("gpu")
        self.assertEqual(len(gpus), torch.cuda.device_count())
        self.assertEqual(gpus, [f"gpu:{i}" for i in range(len(gpus))])
        default = "gpu" if torch.cuda.is_available() else None
        if default:
            self.assertEqual(distribution_lib.list_devices(), gpus)
        with self.assertRaisesRegex(ValueError, "device_type"):
            distribution_lib.list_devices("tpu")
        self.assertEqual(distribution_lib.num_processes(), 1)
        self.assertEqual(distribution_lib.process_id(), 0)

    def test_initialize_needs_a_coordinator(self):
        from keras.src.backend.torch import distribution_lib

        with self.assertRaisesRegex(ValueError, "job_addresses"):
            distribution_lib.initialize("no-port", 2, 0)
        with self.assertRaisesRegex(ValueError, "process_id"):
            distribution_lib.initialize("localhost:1234", 2, 5)

    def test_device_scope_places_variables_and_tensors(self):
        import torch

        import keras
        from keras.src.backend.torch.core import get_device

        expected = "cuda" if torch.cuda.is_available() else (
            "mps" if torch.backends.mps.is_available() else "cpu")
        self.assertEqual(get_device(), expected)
        with keras.device("cpu"):
            variable = keras.Variable(np.ones((2,)))
            tensor = keras.ops.ones((2,))
        self.assertEqual(variable.value.device.type, "cpu")
        self.assertEqual(tensor.device.type, "cpu")

    @pytest.mark.skipif(
        not __import__("torch").cuda.is_available()
        if backend.backend() == "torch" else True,
        reason="Needs a CUDA GPU.",
    )
    def test_gpu_scope_and_batches_on_gpu(self):
        import keras
        from keras.src.backend.torch import trainer

        with keras.device("cuda:0"):
            variable = keras.Variable(np.ones((2,)))
            batch = trainer.convert_batch((np.ones((4, 2)), np.ones((4,))))
        self.assertEqual(str(variable.value.device), "cuda:0")
        self.assertEqual(str(batch[0].device), "cuda:0")
        with keras.device("cpu"):
            self.assertEqual(keras.Variable(1.0).value.device.type, "cpu")
        model = keras.Sequential([keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse")
        model.fit(np.ones((8, 2)), np.ones((8, 1)), epochs=1, verbose=0)
        self.assertEqual(model.weights[0].value.device.type, "cuda")


def _free_port():
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


@requires_torch
@pytest.mark.requires_trainable_backend
class TorchDataParallelTest(testing.TestCase):
    def test_data_parallel_on_two_gloo_processes(self):
        out = self.get_temp_dir()
        # The environment `torchrun` gives its processes (without its
        # launcher, which costs seconds to start).
        env = dict(os.environ, KERAS_BACKEND="torch", OMP_NUM_THREADS="1",
                   CUDA_VISIBLE_DEVICES="", WORLD_SIZE="2",
                   MASTER_ADDR="localhost", MASTER_PORT=str(_free_port()))
        processes = [
            subprocess.Popen(
                [sys.executable, "-m", __name__, out],
                env=dict(env, RANK=str(rank), LOCAL_RANK=str(rank)),
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            )
            for rank in range(2)
        ]
        outputs = []
        for process in processes:
            try:
                outputs.append(process.communicate(timeout=240)[0])
            except subprocess.TimeoutExpired:
                for p in processes:
                    p.kill()
                raise
        for process, output in zip(processes, outputs):
            self.assertEqual(process.returncode, 0, output)
        with open(os.path.join(out, "rank0.json")) as f:
            report = json.load(f)
        with open(os.path.join(out, "rank1.json")) as f:
            other = json.load(f)
        self.assertEqual(report["world"], [0, 2])
        self.assertEqual(other["world"], [1, 2])
        single = report["single"]
        for mode in ("eager", "jit"):
            ours = report[mode]
            names = ("loss", "mae") + (
                ("val_loss", "val_mae") if mode == "eager" else ())
            for name in names:
                np.testing.assert_allclose(
                    ours[name], single[name], rtol=1e-4,
                    err_msg=f"{mode} {name}",
                )
            # Both ranks logged the same (averaged) history.
            self.assertEqual(other[mode], ours)
            self.assertTrue(report[f"{mode}_same_weights"])
            self.assertTrue(report[f"{mode}_checkpoint"])
            self.assertFalse(other[f"{mode}_checkpoint"])
        # Rank 0 alone prints: its 2 data-parallel fits and the reference.
        self.assertEqual(outputs[0].count("Epoch 1/3"), 3, outputs[0])
        self.assertEqual(outputs[1].count("Epoch 1/3"), 0, outputs[1])


def _model(seed):
    import keras

    keras.utils.set_random_seed(seed)
    model = keras.Sequential([
        keras.Input((4,)),
        keras.layers.Dense(8, activation="relu"),
        keras.layers.Dense(1),
    ])
    return model


def _fit(model, data, jit_compile, callbacks=()):
    import keras

    x, y, val = data
    # Validation runs the same code with a captured test step: checked
    # eagerly only, sparing a capture.
    val = None if jit_compile else val
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse",
                  metrics=["mae"], jit_compile=jit_compile)
    np.random.seed(123)  # The shuffles (rank 0's rule on every rank).
    history = model.fit(x, y, batch_size=16, epochs=3, validation_data=val,
                        callbacks=list(callbacks), verbose=2)
    return {k: [float(v) for v in vs] for k, vs in history.history.items()}


def _worker(out):
    import torch.distributed as dist

    import keras

    keras.distribution.initialize()
    rank, world = dist.get_rank(), dist.get_world_size()
    report = {"world": [rank, world]}
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 4)).astype("float32")
    y = (x @ rng.normal(size=(4, 1)) + 0.1).astype("float32")
    val = (x[:32] * 0.5, y[:32])
    data = (x, y, val)
    # With aot_eager: the same captured graph, without Inductor's C++
    # compile (seconds per graph on this CPU).
    for mode, jit in (("eager", False), ("jit", {"backend": "aot_eager"})):
        keras.distribution.set_distribution(
            keras.distribution.DataParallel())
        model = _model(seed=rank)  # Different weights on each rank.
        initial = _model(seed=0).get_weights()  # Rank 0's.
        folder = os.path.join(out, f"{mode}{rank}")
        checkpoint = keras.callbacks.ModelCheckpoint(
            os.path.join(folder, "model.keras"))
        report[mode] = _fit(model, data, jit, [checkpoint])
        weights = [w.tolist() for w in model.get_weights()]
        gathered = [None] * world
        dist.all_gather_object(gathered, weights)
        report[f"{mode}_same_weights"] = all(g == weights for g in gathered)
        report[f"{mode}_checkpoint"] = os.path.exists(
            os.path.join(folder, "model.keras"))
        keras.distribution.set_distribution(None)
    if rank == 0:  # The reference: one process, rank 0's weights.
        single = _model(seed=0)
        single.set_weights(initial)
        report["single"] = _fit(single, data, False)
    with open(os.path.join(out, f"rank{rank}.json"), "w") as f:
        json.dump(report, f)
    dist.destroy_process_group()


if __name__ == "__main__":
    _worker(sys.argv[1])
