import io
import os
import subprocess
import sys

import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.utils import image_utils
from keras.src.utils import module_utils

pytest.importorskip("PIL", reason="Pillow is an optional dependency")


class ImageUtilsTest(testing.TestCase):
    def test_array_round_trip_through_png(self):
        rng = np.random.default_rng(0)
        x = rng.integers(0, 256, size=(5, 7, 3)).astype("float32")
        path = os.path.join(self.get_temp_dir(), "img.png")
        image_utils.save_img(path, x, scale=False)
        img = image_utils.load_img(path)
        self.assertEqual(img.size, (7, 5))
        self.assertAllClose(image_utils.img_to_array(img), x)

    def test_array_to_img_scaling_and_modes(self):
        x = np.linspace(0.0, 1.0, 12, dtype="float32").reshape(2, 2, 3)
        img = image_utils.array_to_img(x)
        self.assertEqual(img.mode, "RGB")
        arr = image_utils.img_to_array(img)
        self.assertEqual(arr.min(), 0)
        self.assertEqual(arr.max(), 255)
        self.assertEqual(
            image_utils.array_to_img(np.ones((2, 2, 4))).mode, "RGBA"
        )
        self.assertEqual(
            image_utils.array_to_img(np.ones((2, 2, 1))).mode, "L"
        )
        big = np.full((2, 2, 1), 1000.0)
        self.assertEqual(
            image_utils.array_to_img(big, scale=False).mode, "I"
        )
        with self.assertRaisesRegex(ValueError, "rank 3"):
            image_utils.array_to_img(np.ones((2, 2)))
        with self.assertRaisesRegex(ValueError, "1, 3 or 4 channels"):
            image_utils.array_to_img(np.ones((2, 2, 2)))

    def test_channels_first(self):
        x = np.random.default_rng(1).integers(0, 255, (3, 4, 5))
        img = image_utils.array_to_img(
            x, data_format="channels_first", scale=False
        )
        self.assertEqual(img.size, (5, 4))
        back = image_utils.img_to_array(img, data_format="channels_first")
        self.assertAllClose(back, x)
        gray = image_utils.img_to_array(
            image_utils.array_to_img(np.ones((4, 5, 1))),
            data_format="channels_first",
        )
        self.assertEqual(gray.shape, (1, 4, 5))
        self.assertEqual(
            image_utils.img_to_array(img, dtype="uint8").dtype, np.uint8
        )

    def test_load_img_options(self):
        x = np.zeros((8, 4, 3), "float32")
        x[:2] = 255.0
        buffer = io.BytesIO()
        image_utils.save_img(buffer, x, file_format="png", scale=False)
        buffer.seek(0)
        img = image_utils.load_img(buffer, color_mode="grayscale",
                                   target_size=(4, 4))
        self.assertEqual(img.mode, "L")
        self.assertEqual(image_utils.img_to_array(img).shape, (4, 4, 1))
        buffer.seek(0)
        img = image_utils.load_img(buffer, color_mode="rgba")
        self.assertEqual(img.mode, "RGBA")
        # keep_aspect_ratio crops the middle 4x4 window: the white top
        # rows are cut away.
        buffer.seek(0)
        img = image_utils.load_img(buffer, target_size=(2, 2),
                                   keep_aspect_ratio=True)
        self.assertAllClose(image_utils.img_to_array(img), np.zeros((2, 2, 3)))
        buffer.seek(0)
        with self.assertRaisesRegex(ValueError, "interpolation"):
            image_utils.load_img(buffer, target_size=(2, 2),
                                 interpolation="cubic")
        with self.assertRaisesRegex(ValueError, "color_mode"):
            image_utils.load_img(buffer, color_mode="cmyk")
        with self.assertRaisesRegex(TypeError, "path"):
            image_utils.load_img(123)

    def test_save_jpeg_drops_alpha(self):
        path = os.path.join(self.get_temp_dir(), "img.jpg")
        image_utils.save_img(path, np.ones((4, 4, 4)) * 100, quality=90)
        self.assertEqual(image_utils.load_img(path).size, (4, 4))

    def test_smart_resize_numpy(self):
        x = np.arange(2 * 6 * 4 * 3, dtype="float32").reshape(2, 6, 4, 3)
        out = image_utils.smart_resize(x, (3, 3))
        self.assertIsInstance(out, np.ndarray)
        # Values recorded from Keras 3.15.1.
        self.assertAllClose(
            out[0, :, :, 0],
            [[14.5, 18.5, 22.5], [30.5, 34.5, 38.5], [46.5, 50.5, 54.5]],
        )
        out = image_utils.smart_resize(x[0], (4, 2), interpolation="nearest")
        self.assertAllClose(
            out[:, :, 0], [[0, 6], [24, 30], [36, 42], [60, 66]]
        )
        first = image_utils.smart_resize(
            np.transpose(x, (0, 3, 1, 2)), (3, 3),
            data_format="channels_first",
        )
        self.assertAllClose(np.transpose(first, (0, 2, 3, 1)),
                            image_utils.smart_resize(x, (3, 3)))
        self.assertEqual(
            image_utils.smart_resize(x.astype("uint8"), (3, 3)).dtype,
            np.float32,
        )
        with self.assertRaisesRegex(ValueError, "shape"):
            image_utils.smart_resize(x[0, 0], (3, 3))
        with self.assertRaisesRegex(ValueError, "2 integers"):
            image_utils.smart_resize(x, (3, 3, 3))

    def test_smart_resize_backend_tensor(self):
        x = np.arange(6 * 4 * 3, dtype="float32").reshape(6, 4, 3)
        out = image_utils.smart_resize(ops.convert_to_tensor(x), (3, 3))
        self.assertTrue(backend.is_tensor(out))
        self.assertAllClose(out, image_utils.smart_resize(x, (3, 3)))

    def test_smart_resize_in_tf_data_with_unknown_size(self):
        tf = pytest.importorskip("tensorflow")
        x = np.arange(6 * 4 * 3, dtype="float32").reshape(6, 4, 3)
        ds = tf.data.Dataset.from_generator(
            lambda: iter([x]),
            output_signature=tf.TensorSpec((None, None, 3), "float32"),
        ).map(lambda t: image_utils.smart_resize(t, (3, 3)))
        out = next(iter(ds))
        self.assertAllClose(out, image_utils.smart_resize(x, (3, 3)),
                            atol=1e-4)


class OptionalDependencyTest(testing.TestCase):
    @pytest.mark.skipif(
        backend.backend() in ("tensorflow", "torch"),
        reason="Keras's import chain is the same on every backend: checked "
        "on jax and numpy, where a fresh import costs seconds, not ~20 s",
    )
    def test_import_keras_does_not_import_optional_packages(self):
        # The backend's framework may load some of them itself (TensorFlow
        # imports scipy): only what `import keras` adds is counted.
        # The numpy backend computes `erf` with scipy when it is installed
        # (keras/src/backend/numpy/nn/activations.py), so scipy counts as
        # part of that backend's framework.
        framework = {"tensorflow": "tensorflow", "jax": "jax",
                     "torch": "torch"}.get(backend.backend(), "numpy")
        if backend.backend() == "numpy":
            framework = "numpy\ntry:\n    import scipy.special\n" \
                "except ImportError:\n    pass"
        code = (
            "import sys\n"
            "heavy = ['PIL', 'pydot', 'matplotlib', 'pandas', 'scipy']\n"
            f"import {framework}\n"
            "before = {m for m in heavy if m in sys.modules}\n"
            "import keras, keras.utils, keras.visualization\n"
            "print([m for m in heavy if m in sys.modules and "
            "m not in before])\n"
        )
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True,
            env=dict(os.environ), timeout=300,
        )
        self.assertEqual(result.returncode, 0, result.stderr[-2000:])
        self.assertEqual(result.stdout.strip().splitlines()[-1], "[]")

    def test_missing_package_error_names_pip_install(self):
        missing = module_utils.LazyModule(
            "no_such_package_xyz", pip_name="no-such-package"
        )
        self.assertFalse(missing.available)
        with self.assertRaisesRegex(ImportError,
                                    "pip install no-such-package"):
            missing.anything
        with self.assertRaisesRegex(ImportError, "pip install pillow"):
            module_utils.LazyModule(
                "PIL_missing_xyz",
                import_error_msg=module_utils.pil_image.import_error_msg,
            ).open
