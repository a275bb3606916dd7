import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import testing
from keras.src.trainers import data_adapters
from keras.src.trainers.data_adapters import grain_dataset_adapter
from keras.src.trainers.data_adapters.grain_dataset_adapter import (
    GrainDatasetAdapter,
)

grain = pytest.importorskip("grain")


def _samples(count=10):
    x = np.arange(count * 3, dtype="float32").reshape(count, 3) / 10
    y = np.arange(count, dtype="float32").reshape(count, 1) / 10
    return [(x[i], y[i]) for i in range(count)]


def _pipeline(kind, count=10, batch_size=4):
    samples = _samples(count)
    if kind == "map":
        return grain.MapDataset.source(samples).batch(batch_size)
    if kind == "iter":
        return (
            grain.MapDataset.source(samples).to_iter_dataset()
            .batch(batch_size)
        )
    return grain.DataLoader(
        data_source=samples,
        sampler=grain.samplers.IndexSampler(
            count, num_epochs=1, shuffle=False, seed=0
        ),
        operations=[grain.transforms.Batch(batch_size)],
        worker_count=0,
    )


class GrainDatasetAdapterTest(testing.TestCase):
    @parameterized.named_parameters(
        ("map", "map", 3), ("iter", "iter", None), ("loader", "loader", None)
    )
    def test_sizes_and_numpy_batches(self, kind, num_batches):
        adapter = GrainDatasetAdapter(_pipeline(kind))
        self.assertEqual(adapter.num_batches, num_batches)
        self.assertEqual(adapter.batch_size, 4)
        self.assertIsNone(adapter.has_partial_batch)
        self.assertIsNone(adapter.partial_batch_size)
        for _ in range(2):  # Each pass is a new epoch.
            batches = list(adapter.get_numpy_iterator())
            self.assertEqual([b[0].shape for b in batches],
                             [(4, 3), (4, 3), (2, 3)])
            self.assertIsInstance(batches[0], tuple)
            self.assertIsInstance(batches[0][1], np.ndarray)
        np.testing.assert_allclose(batches[2][1][:, 0], [0.8, 0.9])

    def test_endless_and_dict_pipelines(self):
        endless = _pipeline("map").repeat()
        self.assertIsNone(GrainDatasetAdapter(endless).num_batches)
        inputs = grain.MapDataset.source(
            [{"a": np.ones((2,), "float32") * i} for i in range(3)]
        ).batch(2)
        adapter = GrainDatasetAdapter(inputs)
        first = next(iter(adapter.get_numpy_iterator()))
        self.assertEqual(first["a"].shape, (2, 2))
        self.assertEqual(adapter.batch_size, 2)

    def test_backend_forms(self):
        adapter = GrainDatasetAdapter(_pipeline("map"))
        name = backend.backend()
        if name == "tensorflow":
            dataset = adapter.get_tf_dataset()
            shapes = [tuple(x.shape) for x, _ in dataset]
        elif name == "torch":
            loader = adapter.get_torch_dataloader()
            shapes = [tuple(x.shape) for x, _ in loader]
        else:
            shapes = [x.shape for x, _ in adapter.get_jax_iterator()]
        self.assertEqual(shapes, [(4, 3), (4, 3), (2, 3)])

    def test_dispatch_and_errors(self):
        dataset = _pipeline("map")
        self.assertTrue(grain_dataset_adapter.is_grain_input(dataset))
        self.assertFalse(grain_dataset_adapter.is_grain_input([1]))
        adapter = data_adapters.get_data_adapter(_pipeline("loader"))
        self.assertIsInstance(adapter, GrainDatasetAdapter)
        with self.assertRaisesRegex(ValueError, "`y` cannot be passed"):
            data_adapters.get_data_adapter(dataset, y=np.ones((10, 1)))
        with self.assertRaisesRegex(ValueError, "class_weight"):
            data_adapters.get_data_adapter(dataset, class_weight={0: 1.0})
        with self.assertRaisesRegex(ValueError, "grain.MapDataset"):
            GrainDatasetAdapter([np.ones((2, 3))])
        bad = grain.MapDataset.source([(1, 2, 3, 4)])
        with self.assertRaisesRegex(ValueError, "Grain MapDataset"):
            next(GrainDatasetAdapter(bad).get_numpy_iterator())

    def test_fit_evaluate_predict(self):
        # One model for both kinds of pipeline, and batches of one shape:
        # its steps compile once (JAX, TensorFlow).
        model = models.Sequential([layers.Input((3,)), layers.Dense(1)])
        # Tracing the steps with `tf.function` costs TensorFlow seconds,
        # more than these few eager batches.
        model.compile(
            optimizer="sgd", loss="mse",
            run_eagerly=backend.backend() == "tensorflow",
        )
        samples = _samples(8)
        x = np.stack([sample[0] for sample in samples])
        y = np.stack([sample[1] for sample in samples])
        for kind in ("map", "loader"):
            data = _pipeline(kind, count=8)
            if backend.backend() != "numpy":
                history = model.fit(data, epochs=2, verbose=0)
                self.assertLen(history.history["loss"], 2)
            expected = backend.convert_to_numpy(model(x))
            self.assertAllClose(model.predict(data, verbose=0), expected,
                                atol=1e-5)
            loss = model.evaluate(data, verbose=0)
            self.assertAllClose(loss, np.mean((expected - y) ** 2),
                                atol=1e-5)
