"""Tests of `keras.ops.image`.

The numeric cases were run through upstream Keras 3.15 (JAX backend) as
a black box; each result is pinned by its shape, its sum and its sum
weighted by `cos(arange(size))`, so any wrong value shows. Where the
upstream backends disagree with each other (gaussian_blur,
pad_to_aspect_ratio) the test compares with a NumPy computation instead.
"""

import numpy as np
from absl.testing import parameterized

import keras
from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops import image as image_ops


def _img(shape, seed=0):
    r = np.random.RandomState(seed)
    return r.uniform(0, 1, shape).astype("float32")


X = _img((2, 4, 5, 2))
XC = np.transpose(X, (0, 3, 1, 2))
U8 = (_img((1, 4, 5, 3), 1) * 255).astype("uint8")
T = np.array(
    [
        [1.1317, 0.2319, -0.7123, -0.1271, 0.9347, 0.4133, 0.0, 0.0],
        [0.8311, -0.3127, 1.3711, 0.2633, 1.1819, -0.6347, 0.0, 0.0],
    ],
    "float32",
)


def _cases(I):
    c = {}
    for interp in ["nearest", "bilinear"]:
        for fm in ["constant", "nearest", "wrap", "mirror", "reflect"]:
            c[f"affine_{interp}_{fm}"] = lambda i=interp, f=fm: (
                I.affine_transform(X, T, i, f, 0.5)
            )
    c["affine_cf"] = lambda: I.affine_transform(
        XC, T, data_format="channels_first"
    )
    c["affine_unb"] = lambda: I.affine_transform(X[0], T[0])
    c["affine_u8"] = lambda: I.affine_transform(U8, T[:1])
    for interp in ["nearest", "bilinear", "bicubic", "lanczos3", "lanczos5"]:
        for aa in [False, True]:
            c[f"resize_{interp}_{aa}_down"] = lambda i=interp, a=aa: I.resize(
                X, (3, 2), i, a
            )
            c[f"resize_{interp}_{aa}_up"] = lambda i=interp, a=aa: I.resize(
                X, (6, 7), i, a
            )
    c["resize_u8"] = lambda: I.resize(U8, (3, 7))
    c["resize_u8_cubic"] = lambda: I.resize(U8, (7, 3), "bicubic")
    c["resize_crop"] = lambda: I.resize(X, (3, 3), crop_to_aspect_ratio=True)
    c["resize_crop2"] = lambda: I.resize(X, (2, 5), crop_to_aspect_ratio=True)
    c["resize_pad"] = lambda: I.resize(
        X, (3, 3), pad_to_aspect_ratio=True, fill_value=0.3
    )
    c["resize_pad2"] = lambda: I.resize(X, (2, 5), pad_to_aspect_ratio=True)
    c["resize_cf"] = lambda: I.resize(XC, (3, 6), data_format="channels_first")
    c["gray"] = lambda: I.rgb_to_grayscale(_img((2, 3, 4, 3)))
    c["gray_u8"] = lambda: I.rgb_to_grayscale(U8)
    c["gray_cf"] = lambda: I.rgb_to_grayscale(_img((3, 3, 4)), "channels_first")
    c["hsv"] = lambda: I.rgb_to_hsv(
        np.concatenate(
            [
                _img((2, 3, 4, 3)),
                np.array(
                    [[[[0.2, 0.2, 0.2], [0, 0, 0], [1, 0, 0], [0, 1, 1]]]],
                    "float32",
                ).repeat(2, 0),
            ],
            1,
        )
    )
    c["rgb"] = lambda: I.hsv_to_rgb(_img((2, 3, 4, 3), 3))
    c["blur"] = lambda: I.gaussian_blur(X)
    c["blur2"] = lambda: I.gaussian_blur(X, (5, 3), (2.0, 0.7))
    c["blur_cf"] = lambda: I.gaussian_blur(
        XC, (3, 5), (1.0, 1.5), "channels_first"
    )
    c["crop"] = lambda: I.crop_images(X, 1, 2, target_height=2, target_width=2)
    c["crop2"] = lambda: I.crop_images(
        X, 1, 0, bottom_cropping=1, right_cropping=2
    )
    c["pad"] = lambda: I.pad_images(X, 1, 2, target_height=6, target_width=8)
    c["pad2"] = lambda: I.pad_images(
        X[0], 0, 1, bottom_padding=2, right_padding=0
    )
    S = np.array([[[0, 0], [4, 0], [0, 3], [4, 3]]] * 2, "float32")
    E = np.array(
        [
            [[0.5, 0.2], [3.8, 0.1], [0.1, 2.9], [4.2, 3.3]],
            [[1, 0], [4, 1], [0, 3], [3, 3]],
        ],
        "float32",
    )
    c["persp"] = lambda: I.perspective_transform(X, S, E)
    c["persp_near"] = lambda: I.perspective_transform(X, S, E, "nearest", 0.25)
    c["persp_unb"] = lambda: I.perspective_transform(X[0], S[0], E[1])
    M = _img((4, 5), 5)
    C = np.stack(
        np.meshgrid(
            np.linspace(-1.3, 4.7, 3), np.linspace(-1.6, 5.2, 4), indexing="ij"
        )
    ).astype("float32")
    for o in [0, 1]:
        for fm in ["constant", "nearest", "wrap", "mirror", "reflect"]:
            c[f"mapc_{o}_{fm}"] = lambda o=o, f=fm: I.map_coordinates(
                M, C, o, f, 0.7
            )
    c["mapc3"] = lambda: I.map_coordinates(
        _img((3, 4, 2), 6), np.stack([C[0], C[1], C[0] * 0.3]), 1, "reflect"
    )
    Y = _img((1, 5, 6, 2), 7)
    c["patch"] = lambda: I.extract_patches(Y, 2)
    c["patch2"] = lambda: I.extract_patches(Y, (2, 3), (1, 2), 1, "same")
    c["patch3"] = lambda: I.extract_patches(Y, (2, 2), (1, 1), 2, "valid")
    c["patch_cf"] = lambda: I.extract_patches(
        np.transpose(Y, (0, 3, 1, 2)),
        (3, 2),
        (2, 1),
        padding="same",
        data_format="channels_first",
    )
    V = _img((1, 4, 5, 4, 2), 8)
    c["patch3d"] = lambda: I.extract_patches_3d(V, 2)
    c["patch3d2"] = lambda: I.extract_patches_3d(
        V, (2, 3, 2), (1, 2, 1), 1, "same"
    )
    for m in ["linear", "cubic", "lanczos3", "lanczos5"]:
        for aa in [False, True]:
            c[f"st_{m}_{aa}"] = lambda m=m, a=aa: I.scale_and_translate(
                X,
                (2, 3, 7, 2),
                np.array([0.7, 1.4], "float32"),
                np.array([0.3, -0.5], "float32"),
                (1, 2),
                m,
                a,
            )
    c["sobel"] = lambda: I.sobel_edges(X)
    c["sobel_cf"] = lambda: I.sobel_edges(XC, "channels_first")
    Z = _img((2, 12, 13, 2), 9)
    c["ssim"] = lambda: I.ssim(Z, Z * 0.8 + 0.1 * _img((2, 12, 13, 2), 10))
    c["ssim2"] = lambda: I.ssim(Z, Z[::-1], 2.0, 5, 1.0)
    return c


EXPECTED = {
    "affine_nearest_constant": ((2, 4, 5, 2), 39.1305965, 0.613837132),
    "affine_nearest_wrap": ((2, 4, 5, 2), 38.9130845, 0.565488698),
    "affine_nearest_mirror": ((2, 4, 5, 2), 38.7891381, 1.36922542),
    "affine_bilinear_constant": ((2, 4, 5, 2), 39.2067353, 0.447237687),
    "affine_bilinear_nearest": ((2, 4, 5, 2), 38.7371417, 0.930288911),
    "affine_bilinear_wrap": ((2, 4, 5, 2), 39.2922931, 0.680887349),
    "affine_bilinear_mirror": ((2, 4, 5, 2), 38.9448237, 0.984251995),
    "affine_bilinear_reflect": ((2, 4, 5, 2), 38.7371417, 0.930288911),
    "affine_cf": ((2, 2, 4, 5), 31.9752435, 0.23803226),
    "affine_unb": ((4, 5, 2), 19.6974477, 1.36528498),
    "affine_u8": ((1, 4, 5, 3), 6039, -83.8811882),
    "resize_nearest_False_down": ((2, 3, 2, 2), 11.8550342, -0.227140867),
    "resize_nearest_False_up": ((2, 6, 7, 2), 83.6064022, 0.223028763),
    "resize_bilinear_False_down": ((2, 3, 2, 2), 12.3040327, -0.376038717),
    "resize_bilinear_False_up": ((2, 6, 7, 2), 81.5071566, -0.364399571),
    "resize_bilinear_True_down": ((2, 3, 2, 2), 11.5331818, -0.276400645),
    "resize_bicubic_False_down": ((2, 3, 2, 2), 12.5121604, -0.404895065),
    "resize_bicubic_False_up": ((2, 6, 7, 2), 82.1442334, -0.444501772),
    "resize_bicubic_True_down": ((2, 3, 2, 2), 11.4967136, -0.282444654),
    "resize_lanczos3_False_down": ((2, 3, 2, 2), 12.8100004, -0.394743156),
    "resize_lanczos3_False_up": ((2, 6, 7, 2), 81.9773177, -0.549902635),
    "resize_lanczos3_True_down": ((2, 3, 2, 2), 11.4173963, -0.298596313),
    "resize_lanczos5_True_down": ((2, 3, 2, 2), 11.3855376, -0.308739346),
    "resize_u8": ((1, 3, 7, 3), 7084, 129.310328),
    "resize_u8_cubic": ((1, 7, 3, 3), 7252, 157.41302),
    "resize_crop": ((2, 3, 3, 2), 17.4776659, 1.76266729),
    "resize_crop2": ((2, 2, 5, 2), 18.8437891, -0.306884606),
    "resize_cf": ((2, 2, 3, 6), 35.4153643, 1.80326899),
    "gray": ((2, 3, 4, 1), 11.668874, -0.380537116),
    "gray_u8": ((1, 4, 5, 1), 2403, 289.678351),
    "gray_cf": ((1, 3, 4), 7.07058255, 0.71630613),
    "hsv": ((2, 4, 4, 3), 56.0150074, -1.37203761),
    "rgb": ((2, 3, 4, 3), 26.155878, -1.0647891),
    "crop": ((2, 2, 2, 2), 5.61720945, 0.0541844408),
    "crop2": ((2, 2, 3, 2), 10.8489754, 1.27603843),
    "pad": ((2, 6, 8, 2), 39.0891378, 1.12299004),
    "pad2": ((6, 6, 2), 22.9880066, -5.56862591),
    "persp": ((2, 4, 5, 2), 31.5241008, 1.27645715),
    "persp_near": ((2, 4, 5, 2), 36.8408368, 1.90221186),
    "persp_unb": ((4, 5, 2), 17.2677118, 0.614030921),
    "mapc_0_constant": ((3, 4), 7.89675002, -0.798326137),
    "mapc_0_wrap": ((3, 4), 5.05295138, -0.34890257),
    "mapc_0_mirror": ((3, 4), 5.25222299, -0.313734806),
    "mapc_1_constant": ((3, 4), 7.79529695, -0.787064618),
    "mapc_1_wrap": ((3, 4), 5.384454, -0.404420288),
    "mapc_1_mirror": ((3, 4), 5.28676723, -0.183772044),
    "mapc_1_reflect": ((3, 4), 6.30872984, -0.0471214875),
    "mapc3": ((3, 4), 6.69678733, 0.593022945),
    "patch": ((1, 2, 3, 8), 24.4195676, 0.261955876),
    "patch2": ((1, 5, 3, 12), 71.7890544, 0.705739478),
    "patch3": ((1, 3, 4, 8), 46.7710275, -0.00669403151),
    "patch_cf": ((1, 12, 3, 6), 77.409166, 0.738908656),
    "patch3d": ((1, 2, 2, 2, 16), 63.3463074, 1.52691468),
    "st_linear_False": ((2, 3, 7, 2), 41.1348574, -0.041318085),
    "st_linear_True": ((2, 3, 7, 2), 40.9875578, -0.00547917069),
    "st_cubic_True": ((2, 3, 7, 2), 40.9495709, -0.199471093),
    "st_lanczos3_True": ((2, 3, 7, 2), 41.0261809, -0.292953333),
    "st_lanczos5_True": ((2, 3, 7, 2), 40.9768034, -0.367480318),
    "sobel": ((2, 4, 5, 2, 2), -2.02106122, -4.44045556),
    "ssim": ((2,), 1.93329489, 1.48796785),
    "ssim2": ((2,), -0.0252908766, -0.0194777978),
}


_CASES = _cases(image_ops)


def _fingerprint(x):
    x = np.asarray(ops.convert_to_numpy(x), "float64").ravel()
    return x.sum(), (x * np.cos(np.arange(x.size))).sum()


def _np_blur(x, ksize, sigma):
    """Reference 2-D Gaussian blur of NHWC `x` with zero padding."""

    def g(k, s):
        t = np.arange(k) - (k - 1) / 2.0
        v = np.exp(-t * t / (2 * s * s))
        return v / v.sum()

    kernel = np.outer(g(ksize[0], sigma[0]), g(ksize[1], sigma[1]))
    ph, pw = (ksize[0] - 1) // 2, (ksize[1] - 1) // 2
    p = np.pad(
        x, ((0, 0), (ph, ksize[0] - 1 - ph), (pw, ksize[1] - 1 - pw), (0, 0))
    )
    out = np.zeros_like(x, dtype="float64")
    for i in range(ksize[0]):
        for j in range(ksize[1]):
            out += kernel[i, j] * p[:, i : i + x.shape[1], j : j + x.shape[2]]
    return out


class ImageOpsOracleTest(testing.TestCase):
    @parameterized.named_parameters((k, k) for k in sorted(EXPECTED))
    def test_matches_oracle(self, name):
        shape, total, weighted = EXPECTED[name]
        out = _CASES[name]()
        self.assertEqual(tuple(out.shape), shape)
        got = _fingerprint(out)
        self.assertAllClose(got, (total, weighted), rtol=2e-5, atol=2e-4)

    def test_dtypes(self):
        self.assertEqual(
            backend.standardize_dtype(_CASES["resize_u8"]().dtype), "uint8"
        )
        self.assertEqual(
            backend.standardize_dtype(_CASES["affine_u8"]().dtype), "uint8"
        )
        gray = image_ops.rgb_to_grayscale(np.array([[[10, 20, 31]]], "uint8"))
        # 18.263 truncates to 18, like a cast.
        self.assertEqual(ops.convert_to_numpy(gray).tolist(), [[[18]]])
        blur = image_ops.gaussian_blur(np.ones((4, 4, 1), "int32"))
        self.assertEqual(
            backend.standardize_dtype(blur.dtype), backend.floatx()
        )

    def test_gaussian_blur_matches_numpy(self):
        x = _img((2, 5, 6, 2), 11)
        for ksize, sigma in (((3, 3), (1.0, 1.0)), ((5, 3), (2.0, 0.7))):
            out = image_ops.gaussian_blur(x, ksize, sigma)
            self.assertAllClose(out, _np_blur(x, ksize, sigma), atol=1e-5)
        xc = np.transpose(x, (0, 3, 1, 2))
        out = image_ops.gaussian_blur(xc, (3, 5), (1.0, 1.5), "channels_first")
        ref = _np_blur(x, (3, 5), (1.0, 1.5)).transpose(0, 3, 1, 2)
        self.assertAllClose(out, ref, atol=1e-5)

    def test_resize_pad_to_aspect_ratio(self):
        x = np.arange(12, dtype="float32").reshape(1, 4, 3, 1) + 1
        out = image_ops.resize(
            x, (4, 4), "nearest", pad_to_aspect_ratio=True, fill_value=-1.0
        )
        ref = np.pad(x, ((0, 0), (0, 0), (0, 1), (0, 0)), constant_values=-1.0)
        self.assertAllClose(out, ref)
        x = np.arange(8, dtype="float32").reshape(1, 2, 4, 1)
        out = image_ops.resize(
            x, (4, 4), "bilinear", pad_to_aspect_ratio=True, fill_value=0.5
        )
        ref = np.pad(x, ((0, 0), (1, 1), (0, 0), (0, 0)), constant_values=0.5)
        self.assertAllClose(out, ref)

    def test_projective_transform(self):
        x = np.arange(20, dtype="float32").reshape(4, 5, 1)
        t = np.array([1.0, 0.1, 0.3, 0.0, 1.0, 0.0, 0.1, 0.05], "float32")
        out = ops.convert_to_numpy(image_ops.affine_transform(x, t))
        for y, xx in ((0, 0), (1, 2), (3, 4)):
            k = t[6] * xx + t[7] * y + 1
            sx = (t[0] * xx + t[1] * y + t[2]) / k
            sy = (t[3] * xx + t[4] * y + t[5]) / k
            y0, x0 = int(np.floor(sy)), int(np.floor(sx))
            fy, fx = sy - y0, sx - x0
            img = x[..., 0]

            def at(i, j, img=img):
                return img[i, j] if 0 <= i < 4 and 0 <= j < 5 else 0.0

            ref = (1 - fy) * (
                (1 - fx) * at(y0, x0) + fx * at(y0, x0 + 1)
            ) + fy * ((1 - fx) * at(y0 + 1, x0) + fx * at(y0 + 1, x0 + 1))
            self.assertAllClose(out[y, xx, 0], ref, atol=1e-4)

    def test_elastic_transform(self):
        x = _img((2, 8, 9, 3), 12)
        same = image_ops.elastic_transform(x, alpha=0.0, seed=3)
        self.assertAllClose(same, x, atol=1e-6)
        a = image_ops.elastic_transform(x, alpha=5.0, sigma=2.0, seed=3)
        b = image_ops.elastic_transform(x, alpha=5.0, sigma=2.0, seed=3)
        self.assertAllClose(a, b)
        self.assertGreater(
            float(np.abs(ops.convert_to_numpy(a) - x).max()), 1e-3
        )
        self.assertEqual(tuple(a.shape), x.shape)

    def test_crop_pad_round_trip(self):
        x = _img((2, 5, 6, 3), 13)
        padded = image_ops.pad_images(x, 1, 2, 3, 0)
        self.assertEqual(tuple(padded.shape), (2, 9, 8, 3))
        back = image_ops.crop_images(
            padded, 1, 2, target_height=5, target_width=6
        )
        self.assertAllClose(back, x)


class ImageOpsSymbolicTest(testing.TestCase):
    def test_shapes(self):
        x = KerasTensor((None, None, 7, 3))
        t = KerasTensor((None, 8))
        self.assertEqual(image_ops.affine_transform(x, t).shape, x.shape)
        self.assertEqual(image_ops.resize(x, (3, 4)).shape, (None, 3, 4, 3))
        self.assertEqual(
            image_ops.rgb_to_grayscale(x).shape, (None, None, 7, 1)
        )
        self.assertEqual(image_ops.rgb_to_hsv(x).shape, x.shape)
        self.assertEqual(image_ops.hsv_to_rgb(x).shape, x.shape)
        self.assertEqual(image_ops.gaussian_blur(x).shape, x.shape)
        self.assertEqual(image_ops.sobel_edges(x).shape, (None, None, 7, 3, 2))
        self.assertEqual(
            image_ops.extract_patches(x, 2).shape, (None, None, 3, 12)
        )
        self.assertEqual(
            image_ops.extract_patches(x, 2, padding="same").shape,
            (None, None, 4, 12),
        )
        self.assertEqual(
            image_ops.crop_images(
                x, 1, 1, target_height=2, target_width=2
            ).shape,
            (None, 2, 2, 3),
        )
        self.assertEqual(
            image_ops.pad_images(
                x, 1, 1, bottom_padding=2, target_width=9
            ).shape,
            (None, None, 9, 3),
        )
        self.assertEqual(image_ops.ssim(x, x, filter_size=5).shape, (None,))
        self.assertEqual(image_ops.elastic_transform(x).shape, x.shape)
        p = KerasTensor((None, 4, 2))
        self.assertEqual(
            image_ops.perspective_transform(x, p, p).shape, x.shape
        )
        v = KerasTensor((2, None, 6, 6, 3))
        self.assertEqual(
            image_ops.extract_patches_3d(v, 2).shape, (2, None, 3, 3, 24)
        )
        m = image_ops.map_coordinates(
            KerasTensor((5, 6)), KerasTensor((2, 3, 4)), 1
        )
        self.assertEqual(m.shape, (3, 4))
        s = image_ops.scale_and_translate(
            KerasTensor((2, 6, 6, 3)),
            (2, 3, 4, 3),
            np.ones(2),
            np.zeros(2),
            (1, 2),
            "linear",
        )
        self.assertEqual(s.shape, (2, 3, 4, 3))

    def test_channels_first(self):
        x = KerasTensor((2, 3, None, 8))
        out = image_ops.resize(x, (4, 5), data_format="channels_first")
        self.assertEqual(out.shape, (2, 3, 4, 5))
        out = image_ops.rgb_to_grayscale(x, data_format="channels_first")
        self.assertEqual(out.shape, (2, 1, None, 8))


class PatchesLayerTest(testing.TestCase):
    def test_patches_layer_with_dynamic_batch_in_functional_model(self):
        # The keras.io ViT `Patches` layer: reshapes by the batch size it
        # reads with `ops.shape`, unknown while the model is traced.
        class Patches(keras.layers.Layer):
            def call(self, images):
                patches = image_ops.extract_patches(images, 4)
                return ops.reshape(
                    patches, (ops.shape(images)[0], -1, patches.shape[-1])
                )

        inputs = keras.Input((12, 12, 3))
        model = keras.Model(inputs, Patches()(inputs))
        # TensorFlow's shape inference cannot resolve the -1 next to an
        # unknown batch size; the other backends can.
        self.assertIn(model.output_shape, [(None, 9, 48), (None, None, 48)])
        images = _img((2, 12, 12, 3), 3)
        out = model.predict(images, verbose=0)
        self.assertEqual(out.shape, (2, 9, 48))
        self.assertAllClose(out[0, 0], images[0, :4, :4, :].reshape(-1))


class ImageOpsErrorsTest(testing.TestCase):
    def test_bad_arguments(self):
        x = np.ones((2, 4, 4, 3), "float32")
        t = np.zeros((2, 8), "float32")
        with self.assertRaisesRegex(ValueError, "interpolation.*cubic"):
            image_ops.affine_transform(x, t, interpolation="cubic")
        with self.assertRaisesRegex(ValueError, "fill_mode.*bad"):
            image_ops.affine_transform(x, t, fill_mode="bad")
        with self.assertRaisesRegex(ValueError, "interpolation.*area"):
            image_ops.resize(x, (2, 2), interpolation="area")
        with self.assertRaisesRegex(ValueError, "crop_to_aspect_ratio"):
            image_ops.resize(
                x, (2, 2), crop_to_aspect_ratio=True, pad_to_aspect_ratio=True
            )
        with self.assertRaisesRegex(ValueError, "fill_mode.*reflect"):
            image_ops.resize(x, (2, 2), fill_mode="reflect")
        with self.assertRaisesRegex(ValueError, "rank.*shape=\\(4, 3\\)"):
            image_ops.rgb_to_grayscale(np.ones((4, 3)))
        with self.assertRaisesRegex(ValueError, "dtype.*uint8"):
            image_ops.rgb_to_hsv(x.astype("uint8"))
        with self.assertRaisesRegex(ValueError, "order.*2"):
            image_ops.map_coordinates(x[0, ..., 0], np.zeros((2, 3)), 2)
        with self.assertRaisesRegex(ValueError, "coordinates.shape"):
            image_ops.map_coordinates(x[0, ..., 0], np.zeros((3, 3)), 1)
        with self.assertRaisesRegex(ValueError, "target_height"):
            image_ops.crop_images(KerasTensor((2, None, 4, 3)), 1, 1)
        with self.assertRaisesRegex(ValueError, "does not fit"):
            image_ops.crop_images(
                x, 2, 0, target_height=3, target_width=4
            )
        with self.assertRaisesRegex(ValueError, "padding.*full"):
            image_ops.extract_patches(x, 2, padding="full")
        with self.assertRaisesRegex(ValueError, "same shape"):
            image_ops.ssim(x, np.ones((2, 5, 4, 3)))
        with self.assertRaisesRegex(ValueError, "method.*nearest"):
            image_ops.scale_and_translate(
                x, (2, 2, 2, 3), np.ones(2), np.zeros(2), (1, 2), "nearest"
            )


class ImageBackendTest(testing.TestCase):
    def test_tensorflow_functions_in_tf_function(self):
        import tensorflow as tf

        from keras.src.backend.tensorflow import image as tf_image

        @tf.function
        def fn(x):
            x = tf_image.resize(x, (3, 4), antialias=True)
            return tf_image.affine_transform(x, np.ones((2, 8), "float32"))

        out = fn(tf.constant(_img((2, 5, 6, 3), 14)))
        self.assertEqual(tuple(out.shape), (2, 3, 4, 3))

    def test_torch_compile_fullgraph(self):
        if backend.backend() != "torch":
            self.skipTest("torch only")
        import torch

        def fn(x, t):
            y = backend.image.affine_transform(x, t, fill_mode="reflect")
            y = backend.image.resize(y, (3, 4), "bicubic", antialias=True)
            return backend.image.gaussian_blur(y).sum()

        x = torch.tensor(_img((2, 5, 6, 3), 15), requires_grad=True)
        t = torch.tensor(T)
        compiled = torch.compile(fn, fullgraph=True, backend="aot_eager")
        out = compiled(x, t)
        out.backward()
        self.assertAllClose(out.detach(), fn(x, t).detach(), atol=1e-5)
        self.assertEqual(tuple(x.grad.shape), (2, 5, 6, 3))
