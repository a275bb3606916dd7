import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.backend.common import backend_utils as bu


class BackendUtilsTest(testing.TestCase):
    def test_axes(self):
        self.assertEqual(bu.canonicalize_axis(-1, 3), 2)
        self.assertEqual(bu.canonicalize_axes((-1, 0), 3), (2, 0))
        self.assertEqual(bu.canonicalize_axes(-2, 3), (1,))
        with self.assertRaisesRegex(ValueError, "out of bounds"):
            bu.canonicalize_axis(3, 3)
        self.assertEqual(bu.standardize_axis_for_numpy([1, 2]), (1, 2))
        self.assertIsNone(bu.standardize_axis_for_numpy(None))
        self.assertEqual(bu.to_tuple_or_list(3), (3,))
        self.assertEqual(bu.to_tuple_or_list([3]), [3])
        self.assertIsNone(bu.to_tuple_or_list(None))

    def test_slice_along_axis_on_backend_tensors(self):
        x = np.arange(12).reshape(3, 4)
        tensor = backend.convert_to_tensor(x)
        self.assertAllEqual(
            bu.slice_along_axis(tensor, 1, 3, 1, axis=1), x[:, 1:3]
        )
        self.assertAllEqual(
            bu.slice_along_axis(tensor, 0, None, 2, axis=-1), x[:, ::2]
        )
        self.assertAllEqual(bu.slice_along_axis(tensor, 1), x[1:])


# (length, kernel, stride, padding, output_padding, dilation) -> JAX
# padding, torch (padding, output_padding), torch crops, output length:
# values Keras 3.15 gives for these cases.
_CONV_TRANSPOSE_CASES = [
    (4, 2, 1, "same", 0, 2, [(1, 1)], ([1], [0]), [(1, 1)], 4),
    (7, 1, 2, "valid", 2, 1, [(0, 2)], ([0], [1]), [(0, -2)], 15),
    (5, 4, 2, "valid", 1, 2, [(6, 7)], ([0], [1]), [(0, -1)], 16),
    (1, 3, 3, "same", 1, 2, [(3, 2)], ([2], [1]), [(1, 2)], 2),
    (4, 4, 3, "valid", 0, 1, [(3, 3)], ([0], [0]), [(0, 0)], 13),
    (5, 3, 1, "same", 1, 2, [(3, 2)], ([2], [0]), [(1, 2)], 6),
    (7, 2, 2, "same", None, 1, [(1, 1)], ([0], [0]), [(0, 0)], 14),
    (5, 3, 2, "same", None, 1, [(2, 1)], ([1], [1]), [(0, 1)], 10),
    (7, 4, 3, "same", None, 2, [(4, 4)], ([2], [0]), [(2, 2)], 21),
]


class ConvTransposeHelpersTest(testing.TestCase):
    def test_matches_keras_on_sample_cases(self):
        import warnings

        for case in _CONV_TRANSPOSE_CASES:
            length, k, s, padding, op, d, jax_pad, torch_args, crops, out = (
                case
            )
            args = ((1, length, 3), (k, 4, 3), (s,), padding, op, d)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.assertEqual(
                    bu.compute_conv_transpose_padding_args_for_jax(*args),
                    jax_pad,
                )
                self.assertEqual(
                    bu.compute_conv_transpose_padding_args_for_torch(*args),
                    torch_args,
                )
            self.assertEqual(
                bu.compute_conv_transpose_output_crops_for_torch(*args), crops
            )
            self.assertEqual(
                bu.compute_conv_transpose_output_shape(
                    (1, length, 3), (k,), 4, s, padding, op,
                    "channels_last", d,
                ),
                [1, out, 4],
            )

    def test_output_shape_layouts_and_errors(self):
        self.assertEqual(
            bu.compute_conv_transpose_output_shape(
                (None, 3, 5, None), (3, 3), 4, 2, "same",
                data_format="channels_first",
            ),
            [None, 4, 10, None],
        )
        with self.assertRaisesRegex(ValueError, "'valid', 'same'"):
            bu.compute_conv_transpose_padding_args_for_jax(
                (1, 5, 3), (3, 3, 3), (1,), "full", None, 1
            )

    def test_torch_warns_when_it_cannot_match(self):
        with self.assertWarnsRegex(UserWarning, "inconsistencies"):
            bu.compute_conv_transpose_padding_args_for_torch(
                (1, 5, 3), (3, 4, 3), (2,), "same", None, 1
            )

    def test_channel_checks_and_pooling_windows(self):
        x = np.zeros((1, 5, 5, 3))
        bu.check_conv_input_channels(x, np.zeros((3, 3, 3, 2)),
                                     "channels_last")
        with self.assertRaisesRegex(ValueError, "input channels=3"):
            bu.check_conv_input_channels(x, np.zeros((3, 3, 4, 2)),
                                         "channels_last")
        with self.assertRaisesRegex(ValueError, "input channels=5"):
            bu.check_conv_transpose_input_channels(
                x, np.zeros((3, 3, 2, 3)), "channels_first"
            )
        self.assertEqual(bu.compute_adaptive_pooling_window_sizes(10, 3),
                         (4, 5))
        self.assertEqual(bu.compute_adaptive_pooling_window_sizes(3, 5),
                         (1, 2))

    def test_vectorize_impl_with_a_python_map(self):
        from keras.src import ops

        def loop_map(fn):
            def mapped(*args):
                return ops.stack([fn(*row) for row in zip(*args)])

            return mapped

        total = bu.vectorize_impl(lambda a: ops.sum(a), loop_map,
                                  signature="(n)->()")
        self.assertAllClose(total(np.ones((2, 3))), [3.0, 3.0])
        scale = bu.vectorize_impl(lambda a, c: a * c, loop_map, excluded={1})
        self.assertAllClose(scale(np.ones((2,)), 2.0), [2.0, 2.0])
