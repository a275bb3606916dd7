import os
import re
from unittest import mock

import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.distribution import distribution_lib as dl

# Device strings that need no real devices: the classes only hold them
# until a backend mesh is asked for.
FAKE_DEVICES = [f"cpu:{i}" for i in range(8)]


def _mesh(shape=(2, 4), names=("batch", "model")):
    return dl.DeviceMesh(shape, list(names), FAKE_DEVICES[: np.prod(shape)])


class _FakeVariable:
    def __init__(self, path, shape):
        self.path = path
        self.shape = shape


class DeviceMeshTest(testing.TestCase):
    def test_properties_and_repr(self):
        mesh = _mesh()
        self.assertEqual(mesh.shape, (2, 4))
        self.assertEqual(mesh.axis_names, ["batch", "model"])
        self.assertEqual(mesh.devices.shape, (2, 4))
        self.assertEqual(mesh.devices[1, 0], "cpu:4")
        self.assertEqual(
            repr(mesh), "<DeviceMesh shape=(2, 4), axis_names=['batch', "
            "'model']>"
        )

    def test_invalid_arguments(self):
        with self.assertRaisesRegex(ValueError, "same length"):
            dl.DeviceMesh((2,), ["a", "b"], FAKE_DEVICES[:2])
        with self.assertRaisesRegex(ValueError, "same length"):
            dl.DeviceMesh((8,), "batch", FAKE_DEVICES)
        with self.assertRaisesRegex(ValueError, r"shape=\(2, 3\)"):
            dl.DeviceMesh((2, 3), ["a", "b"], FAKE_DEVICES)
        with self.assertRaisesRegex(ValueError, "distinct"):
            dl.DeviceMesh((2, 4), ["a", "a"], FAKE_DEVICES)
        with self.assertRaisesRegex(ValueError, "positive integers"):
            dl.DeviceMesh((-1, 8), ["a", "b"], FAKE_DEVICES)


class TensorLayoutTest(testing.TestCase):
    def test_mesh_set_once_and_checked(self):
        mesh = _mesh()
        layout = dl.TensorLayout([None, "model"])
        self.assertIsNone(layout.device_mesh)
        self.assertEqual(layout.axes, (None, "model"))
        layout.device_mesh = mesh
        self.assertIs(layout.device_mesh, mesh)
        with self.assertRaisesRegex(ValueError, "cannot be replaced"):
            layout.device_mesh = mesh
        with self.assertRaisesRegex(ValueError, r"\['x'\] are not axes"):
            dl.TensorLayout(["x", None], mesh)
        with self.assertRaisesRegex(ValueError, "only one tensor dim"):
            dl.TensorLayout(["model", "model"], mesh)
        with self.assertRaisesRegex(ValueError, "tuple or list"):
            dl.TensorLayout("batch", mesh)


class LayoutMapTest(testing.TestCase):
    def test_matching_rules(self):
        mesh = _mesh()
        layout_map = dl.LayoutMap(mesh)
        layout_map["dense.*kernel"] = (None, "model")
        layout_map["dense.*bias"] = dl.TensorLayout(["model"])
        layout_map["dense_2/kernel"] = ("model", None)
        self.assertIs(layout_map.device_mesh, mesh)
        self.assertEqual(len(layout_map), 3)
        # Every layout gets the map's mesh.
        for layout in layout_map.values():
            self.assertIs(layout.device_mesh, mesh)
        # Regex search anywhere in the path.
        self.assertEqual(
            layout_map["model/dense_1/kernel"].axes, (None, "model")
        )
        self.assertEqual(layout_map["dense/bias"].axes, ("model",))
        # An exact key wins over the patterns that also match it.
        self.assertEqual(layout_map["dense_2/kernel"].axes, ("model", None))
        self.assertIsNone(layout_map["conv/kernel"])
        layout_map["conv.*"] = (None,)
        with self.assertRaisesRegex(ValueError, "matches several keys"):
            layout_map["conv_dense/kernel"]
        del layout_map["conv.*"]
        self.assertEqual(
            list(layout_map),
            ["dense.*kernel", "dense.*bias", "dense_2/kernel"],
        )

    def test_invalid_values(self):
        layout_map = dl.LayoutMap(_mesh())
        layout_map["a"] = (None,)
        with self.assertRaisesRegex(ValueError, "already has the key 'a'"):
            layout_map["a"] = ("model",)
        with self.assertRaisesRegex(ValueError, "TensorLayout"):
            layout_map["b"] = 3
        other = dl.TensorLayout([None], _mesh())
        with self.assertRaisesRegex(ValueError, "another device mesh"):
            layout_map["c"] = other
        with self.assertRaisesRegex(ValueError, "DeviceMesh"):
            dl.LayoutMap("mesh")


class DistributionTest(testing.TestCase):
    def test_data_parallel(self):
        dp = dl.DataParallel(devices=FAKE_DEVICES[:4])
        self.assertEqual(dp.device_mesh.shape, (4,))
        self.assertEqual(dp.batch_dim_name, "batch")
        self.assertEqual(dp.num_model_replicas, 4)
        self.assertTrue(dp.auto_shard_dataset)
        self.assertEqual(
            repr(dp),
            "<DataParallel device_mesh=<DeviceMesh shape=(4,), "
            "axis_names=['batch']>>",
        )
        self.assertEqual(dp.get_data_layout((16, 3, 2)).axes,
                         ("batch", None, None))
        layout = dp.get_variable_layout(_FakeVariable("d/kernel", (3, 5)))
        self.assertEqual(layout.axes, (None, None))
        self.assertIs(layout.device_mesh, dp.device_mesh)
        self.assertIsNone(dp.get_tensor_layout("d/output"))
        mesh = _mesh()
        with pytest.warns(UserWarning, match="`devices` is ignored"):
            dp = dl.DataParallel(device_mesh=mesh, devices=FAKE_DEVICES)
        self.assertEqual(dp.batch_dim_name, "batch")
        self.assertEqual(dp.num_model_replicas, 2)

    def test_model_parallel(self):
        mesh = _mesh()
        layout_map = dl.LayoutMap(mesh)
        layout_map["dense.*kernel"] = (None, "model")
        mp = dl.ModelParallel(layout_map=layout_map, batch_dim_name="batch")
        self.assertIs(mp.device_mesh, mesh)
        self.assertEqual(mp.num_model_replicas, 2)
        self.assertEqual(mp.get_data_layout((8, 3)).axes, ("batch", None))
        kernel = _FakeVariable("seq/dense/kernel", (3, 8))
        self.assertEqual(mp.get_variable_layout(kernel).axes,
                         (None, "model"))
        bias = _FakeVariable("seq/dense/bias", (8,))
        self.assertEqual(mp.get_variable_layout(bias).axes, (None,))
        self.assertEqual(mp.get_tensor_layout("dense_1/kernel").axes,
                         (None, "model"))
        with self.assertRaisesRegex(ValueError, "has 2 axes"):
            mp.get_variable_layout(_FakeVariable("dense/kernel", (3,)))
        # The batch axis defaults to the mesh's first.
        self.assertEqual(
            dl.ModelParallel(layout_map=layout_map).batch_dim_name, "batch"
        )

    def test_model_parallel_invalid_arguments(self):
        layout_map = dl.LayoutMap(_mesh())
        with self.assertRaisesRegex(ValueError, "needs a `layout_map`"):
            dl.ModelParallel()
        with self.assertRaisesRegex(ValueError, "must be a .*LayoutMap"):
            dl.ModelParallel(layout_map={"a": (None,)})
        with self.assertRaisesRegex(ValueError, "'zz' is not an axis"):
            dl.ModelParallel(layout_map=layout_map, batch_dim_name="zz")
        with self.assertRaisesRegex(TypeError, "unexpected arguments"):
            dl.ModelParallel(layout_map=layout_map, foo=1)
        with self.assertRaisesRegex(ValueError, "layout map's mesh"):
            dl.ModelParallel(layout_map=layout_map, device_mesh=_mesh())

    def test_set_distribution_and_scope(self):
        self.assertIsNone(dl.distribution())
        first = dl.DataParallel(devices=FAKE_DEVICES[:2])
        second = dl.DataParallel(devices=FAKE_DEVICES[:4])
        dl.set_distribution(first)
        self.assertIs(dl.distribution(), first)
        with second.scope():
            self.assertIs(dl.distribution(), second)
        self.assertIs(dl.distribution(), first)
        dl.set_distribution(None)
        self.assertIsNone(dl.distribution())
        with self.assertRaisesRegex(ValueError, "Received: 3"):
            dl.set_distribution(3)


class DevicesTest(testing.TestCase):
    def test_list_devices_and_count(self):
        devices = dl.list_devices()
        self.assertNotEmpty(devices)
        for device in devices:
            self.assertRegex(device, r"^[a-z]+:\d+$")
        self.assertEqual(dl.get_device_count(), len(devices))
        if backend.backend() == "numpy":
            self.assertEqual(devices, ["cpu:0"])
            self.assertEqual(dl.list_devices("cpu"), ["cpu:0"])

    def test_initialize_reads_environment(self):
        env = {
            "KERAS_DISTRIBUTION_JOB_ADDRESSES": "10.0.0.1:1234,10.0.0.2:1234",
            "KERAS_DISTRIBUTION_NUM_PROCESSES": "2",
            "KERAS_DISTRIBUTION_PROCESS_ID": "1",
        }
        lib = mock.Mock()
        with mock.patch.dict(os.environ, env), mock.patch.object(
            dl, "_backend_lib", return_value=lib
        ):
            dl.initialize()
            lib.initialize.assert_called_once_with(
                "10.0.0.1:1234,10.0.0.2:1234", 2, 1
            )
            # Arguments win over the environment.
            dl.initialize("localhost:1", 3, 0)
            lib.initialize.assert_called_with("localhost:1", 3, 0)

    def test_initialize_checks_environment(self):
        env = {"KERAS_DISTRIBUTION_NUM_PROCESSES": "two"}
        with mock.patch.dict(os.environ, env):
            with self.assertRaisesRegex(ValueError, re.escape("'two'")):
                dl.initialize()
        env = {
            "KERAS_DISTRIBUTION_NUM_PROCESSES": "2",
            "KERAS_DISTRIBUTION_PROCESS_ID": "2",
        }
        with mock.patch.dict(os.environ, env):
            with self.assertRaisesRegex(ValueError, "process_id=2"):
                dl.initialize()

    @pytest.mark.skipif(
        backend.backend() != "numpy", reason="The numpy backend's devices."
    )
    def test_numpy_backend_single_device(self):
        mesh = dl.DeviceMesh((1,), ["batch"], ["cpu:0"])
        x = np.ones((2, 3))
        self.assertIs(
            dl.distribute_tensor(x, dl.TensorLayout(["batch", None], mesh)),
            x,
        )
        with self.assertRaisesRegex(RuntimeError, "several processes"):
            dl.initialize("localhost:1234", 2, 0)
        with self.assertRaisesRegex(ValueError, "single device"):
            dl.distribute_tensor(x, dl.TensorLayout([None, None], _mesh()))
