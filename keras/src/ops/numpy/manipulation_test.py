"""Tests of the shape manipulation ops against NumPy, on the active
backend."""

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic


def _arange(shape, dtype="float32"):
    return np.arange(int(np.prod(shape))).reshape(shape).astype(dtype)


def _tensors(arrays):
    return [backend.convert_to_tensor(a) for a in arrays]


def _check_pieces(test, pieces, expected):
    test.assertIsInstance(pieces, list)
    test.assertLen(pieces, len(expected))
    for piece, want in zip(pieces, expected):
        test.assertEqual(tuple(piece.shape), want.shape)
        test.assertDType(piece, want.dtype)
        test.assertAllEqual(piece, want)


class JoinTest(testing.TestCase):
    @parameterized.parameters(0, 1, -1, None)
    def test_concatenate(self, axis):
        arrays = [_arange((2, 3)), _arange((2, 3)) + 10]
        if axis == 1:
            arrays[1] = _arange((2, 1))
        check_eager(
            lambda *xs: ops.concatenate(_tensors(xs), axis=axis),
            lambda *xs: np.concatenate(xs, axis=axis),
            arrays,
        )

    @parameterized.parameters(
        ("int8", "uint8", "int16"),
        ("int32", "float32", "float32"),
        ("float16", "float32", "float32"),
        ("bool", "int8", "int8"),
        ("int8", "float16", "float16"),
    )
    def test_joins_promote(self, dtype1, dtype2, expected):
        x1 = _arange((2, 2), dtype1)
        x2 = _arange((2, 2), dtype2)
        for op in (ops.concatenate, ops.stack, ops.hstack, ops.vstack,
                   ops.dstack):
            self.assertDType(op(_tensors([x1, x2])), expected)
        self.assertDType(ops.append(x1, x2), expected)
        self.assertDType(ops.concatenate([x1, x2, x1]), expected)

    def test_append(self):
        x1, x2 = _arange((2, 3), "int32"), _arange((1, 3), "int32")
        check_eager(ops.append, np.append, (x1, x2))
        check_eager(ops.append, np.append, (x1, x2), {"axis": 0})
        self.assertDType(ops.append(_arange((2,), "int8"), 1), "int8")
        self.assertDType(ops.append(_arange((2,), "int8"), 1.5), "float32")

    @parameterized.parameters(0, 1, 2, -1)
    def test_stack(self, axis):
        arrays = [_arange((2, 3)), _arange((2, 3)) + 1]
        check_eager(
            lambda *xs: ops.stack(_tensors(xs), axis=axis),
            lambda *xs: np.stack(xs, axis=axis),
            arrays,
        )

    @parameterized.parameters(
        [((3,), (2,))], [((2, 3), (2, 1))], [((), ())], [((2, 1, 2),) * 2],
    )
    def test_hstack(self, shapes):
        arrays = [_arange(s, "int32") for s in shapes]
        check_eager(lambda *xs: ops.hstack(_tensors(xs)),
                    lambda *xs: np.hstack(xs), arrays)

    @parameterized.parameters(
        [((3,), (3,))], [((2, 3), (1, 3))], [((), ())], [((1, 2, 2),) * 2],
    )
    def test_vstack(self, shapes):
        arrays = [_arange(s, "int32") for s in shapes]
        check_eager(lambda *xs: ops.vstack(_tensors(xs)),
                    lambda *xs: np.vstack(xs), arrays)

    @parameterized.parameters(
        [((3,), (3,))], [((2, 3), (2, 3))], [((), ())], [((1, 2, 2),) * 2],
    )
    def test_dstack(self, shapes):
        arrays = [_arange(s, "int32") for s in shapes]
        check_eager(lambda *xs: ops.dstack(_tensors(xs)),
                    lambda *xs: np.dstack(xs), arrays)

    def test_symbolic_joins(self):
        a, b = KerasTensor((None, 3), "int8"), KerasTensor((2, 3), "uint8")
        check_symbolic(ops.concatenate, ([a, b],), shape=(None, 3),
                       dtype="int16")
        check_symbolic(ops.concatenate, ([a, b],), {"axis": 1},
                       shape=(2, 6))
        check_symbolic(ops.concatenate, ([a, b],), {"axis": None},
                       shape=(None,))
        check_symbolic(ops.append, (a, b), shape=(None,))
        check_symbolic(ops.append, (a, b, 0), shape=(None, 3))
        check_symbolic(ops.append, (KerasTensor((4, 3)), b), shape=(18,))
        check_symbolic(ops.stack, ([a, b],), {"axis": -1},
                       shape=(2, 3, 2))
        check_symbolic(ops.hstack, ([a, KerasTensor((None, 4))],),
                       shape=(None, 7))
        check_symbolic(ops.hstack, ([KerasTensor((None,)),
                                     KerasTensor((4,))],), shape=(None,))
        check_symbolic(ops.vstack, ([KerasTensor((3,)),
                                     KerasTensor((3,))],), shape=(2, 3))
        check_symbolic(ops.vstack, ([a, b],), shape=(None, 3))
        check_symbolic(ops.dstack, ([KerasTensor((None,)),
                                     KerasTensor((None,))],),
                       shape=(1, None, 2))

    @parameterized.named_parameters(
        ("concatenate", lambda a, b: ops.concatenate([a, b]), "concatenate"),
        ("append", lambda a, b: ops.append(a, b, axis=0), "append"),
        ("stack", lambda a, b: ops.stack([a, b]), "stack"),
        ("hstack", lambda a, b: ops.hstack([a, b]), "hstack"),
        ("vstack", lambda a, b: ops.vstack([a, b]), "vstack"),
        ("dstack", lambda a, b: ops.dstack([a, b]), "dstack"),
    )
    def test_symbolic_join_mismatch(self, join, name):
        a, b = KerasTensor((None, 3)), KerasTensor((2, 4, 5))
        with self.assertRaisesRegex(ValueError, f"{name}.*None, 3"):
            join(a, b)

    def test_concatenate_rank_mismatch(self):
        with self.assertRaisesRegex(ValueError, "concatenate"):
            ops.concatenate([KerasTensor((None, 3)), KerasTensor((2, 3, 1))])


class SplitTest(testing.TestCase):
    @parameterized.parameters(
        (6, 3, 0), ((2, 6), 2, 1), (6, [1, 4], 0), (6, [2, 2, 9], 0),
        ((4, 2), [-1], 0), (6, np.array([3]), 0),
    )
    def test_split(self, shape, sections, axis):
        x = _arange(shape, "int32")
        pieces = ops.split(backend.convert_to_tensor(x), sections, axis=axis)
        _check_pieces(self, pieces, np.split(x, sections, axis=axis))

    @parameterized.parameters((7, 3, 0), ((2, 5), 4, 1), (7, [2, 5], 0))
    def test_array_split(self, shape, sections, axis):
        x = _arange(shape, "int32")
        pieces = ops.array_split(
            backend.convert_to_tensor(x), sections, axis=axis
        )
        _check_pieces(self, pieces, np.array_split(x, sections, axis=axis))

    def test_split_uneven(self):
        with self.assertRaisesRegex(ValueError, "split"):
            ops.split(_arange((7,)), 3)
        with self.assertRaisesRegex(ValueError, "split"):
            ops.split(KerasTensor((None, 7)), 3, axis=1)

    @parameterized.parameters(
        ("hsplit", (6,), 2), ("hsplit", (2, 4), [1]), ("vsplit", (4, 2), 2),
        ("dsplit", (1, 2, 4), [1, 3]),
    )
    def test_directional_splits(self, name, shape, sections):
        x = _arange(shape)
        pieces = getattr(ops, name)(backend.convert_to_tensor(x), sections)
        _check_pieces(self, pieces, getattr(np, name)(x, sections))

    def test_directional_splits_need_rank(self):
        with self.assertRaisesRegex(ValueError, "vsplit"):
            ops.vsplit(_arange((4,)), 2)
        with self.assertRaisesRegex(ValueError, "dsplit"):
            ops.dsplit(_arange((2, 4)), 2)
        with self.assertRaisesRegex(ValueError, "dsplit"):
            ops.dsplit(KerasTensor((None, 4)), 2)

    def test_symbolic_splits(self):
        x = KerasTensor((None, 6), "int8")
        shapes = [p.shape for p in ops.split(x, 3, axis=1)]
        self.assertEqual(shapes, [(None, 2)] * 3)
        shapes = [p.shape for p in ops.split(x, 3)]
        self.assertEqual(shapes, [(None, 6)] * 3)
        shapes = [p.shape for p in ops.split(x, [1, 3])]
        self.assertEqual(shapes, [(1, 6), (2, 6), (None, 6)])
        shapes = [p.shape for p in ops.array_split(x, 4, axis=1)]
        self.assertEqual(shapes, [(None, 2)] * 2 + [(None, 1)] * 2)
        shapes = [p.shape for p in ops.hsplit(x, [4])]
        self.assertEqual(shapes, [(None, 4), (None, 2)])
        shapes = [p.shape for p in ops.vsplit(x, 2)]
        self.assertEqual(shapes, [(None, 6)] * 2)
        self.assertEqual(ops.split(x, 2)[0].dtype, "int8")
        cube = KerasTensor((2, None, 4))
        shapes = [p.shape for p in ops.dsplit(cube, [1])]
        self.assertEqual(shapes, [(2, None, 1), (2, None, 3)])


class ShapeTest(testing.TestCase):
    @parameterized.parameters(
        ((2, 3), (3, -1)), ((2, 3), 6), ((2, 3), (1, 6, 1)), ((), (1,)),
        ((4,), (-1, 2)),
    )
    def test_reshape(self, shape, newshape):
        check_eager(ops.reshape, np.reshape, (_arange(shape), newshape))

    def test_reshape_with_none(self):
        x = backend.convert_to_tensor(_arange((2, 6)))
        self.assertEqual(tuple(ops.reshape(x, (None, 3)).shape), (4, 3))

    @parameterized.parameters(
        ((None, 3), (-1,), (None,)),
        ((None, 6), (-1, 2, 3), (None, 2, 3)),
        ((None, 6), (None, 2, 3), (None, 2, 3)),
        ((2, 6), (3, -1), (3, 4)),
        ((None, 6), (4, -1), (4, None)),
        ((2, None), (2, 3), (2, 3)),
    )
    def test_reshape_symbolic(self, shape, newshape, expected):
        check_symbolic(ops.reshape, (KerasTensor(shape, "int8"), newshape),
                       shape=expected, dtype="int8")

    @parameterized.parameters(
        ((2, 6), (5, -1)), ((2, 6), (5, 2)), ((None, 6), (-1, -1)),
    )
    def test_reshape_symbolic_errors(self, shape, newshape):
        with self.assertRaisesRegex(ValueError, "reshape"):
            ops.reshape(KerasTensor(shape), newshape)

    def test_ravel(self):
        check_eager(ops.ravel, np.ravel, (_arange((2, 3), "int8"),))
        check_symbolic(ops.ravel, (KerasTensor((None, 3)),), shape=(None,))
        check_symbolic(ops.ravel, (KerasTensor((2, 3)),), shape=(6,))

    @parameterized.parameters((-1,), (0,), ((0, 3),), ((0, -1),), (2,))
    def test_expand_dims(self, axis):
        check_eager(ops.expand_dims, np.expand_dims,
                    (_arange((2, 3)), axis))
        # A dim of size 5 stands for the unknown one.
        expected = np.expand_dims(np.zeros((5, 3)), axis).shape
        expected = tuple(None if d == 5 else d for d in expected)
        check_symbolic(ops.expand_dims, (KerasTensor((None, 3)), axis),
                       shape=expected)

    def test_expand_dims_out_of_range(self):
        with self.assertRaisesRegex(ValueError, "expand_dims"):
            ops.expand_dims(KerasTensor((None, 3)), 4)

    @parameterized.parameters((None,), (0,), (-1,), ((0, 2),))
    def test_squeeze(self, axis):
        check_eager(ops.squeeze, np.squeeze, (_arange((1, 3, 1)),),
                    {"axis": axis})

    def test_squeeze_non_unit_axis(self):
        with self.assertRaisesRegex(ValueError, "squeeze"):
            ops.squeeze(backend.convert_to_tensor(_arange((1, 3, 1))), 1)
        with self.assertRaisesRegex(ValueError, "squeeze"):
            ops.squeeze(KerasTensor((None, 1, 3)), 2)
        with self.assertRaisesRegex(ValueError, "squeeze"):
            ops.squeeze(KerasTensor((None, 1, 3)), 0)

    def test_squeeze_symbolic(self):
        check_symbolic(ops.squeeze, (KerasTensor((None, 1, 3)),),
                       shape=(None, 3))
        check_symbolic(ops.squeeze, (KerasTensor((None, 1, 3)), 1),
                       shape=(None, 3))

    @parameterized.parameters(
        ((3,), (2, 3)), ((1, 3), (2, 3)), ((), (2,)), ((2, 1), (3, 2, 4)),
    )
    def test_broadcast_to(self, shape, target):
        check_eager(ops.broadcast_to, np.broadcast_to,
                    (_arange(shape, "int8"), target))

    def test_broadcast_to_symbolic(self):
        check_symbolic(ops.broadcast_to, (KerasTensor((None, 3)), (2, 3)),
                       shape=(2, 3))
        check_symbolic(ops.broadcast_to, (KerasTensor((1, 3)), (None, 3)),
                       shape=(None, 3))
        check_symbolic(ops.broadcast_to, (KerasTensor((4, 3)), (None, 3)),
                       shape=(4, 3))
        with self.assertRaisesRegex(ValueError, r"broadcast_to.*\(2, 3\)"):
            ops.broadcast_to(KerasTensor((2, 3)), (4, 3))
        with self.assertRaisesRegex(ValueError, "broadcast_to"):
            ops.broadcast_to(KerasTensor((2, 3)), (3,))

    @parameterized.parameters(
        ((2, 3), (2, 1)), ((2, 3), 2), ((3,), (2, 1, 2)), ((2, 3), (1, 1)),
    )
    def test_tile(self, shape, repeats):
        check_eager(ops.tile, np.tile, (_arange(shape, "int32"), repeats))

    def test_tile_symbolic(self):
        check_symbolic(ops.tile, (KerasTensor((None, 3)), (2, 1, 2)),
                       shape=(2, None, 6))
        check_symbolic(ops.tile, (KerasTensor((None, 3)), 2),
                       shape=(None, 6))

    @parameterized.parameters(
        ((2, 3), 2, None), ((2, 3), 2, 1), ((2, 3), [1, 2], 0),
        ((3,), [0, 1, 2], 0),
    )
    def test_repeat(self, shape, repeats, axis):
        check_eager(ops.repeat, np.repeat,
                    (_arange(shape), repeats), {"axis": axis})

    def test_repeat_tensor_counts(self):
        counts = backend.convert_to_tensor(np.array([1, 2], "int32"))
        result = ops.repeat(_arange((2, 3)), counts, axis=0)
        self.assertAllEqual(result, np.repeat(_arange((2, 3)), [1, 2], 0))

    def test_repeat_symbolic(self):
        x = KerasTensor((None, 3))
        check_symbolic(ops.repeat, (x, 2, 1), shape=(None, 6))
        check_symbolic(ops.repeat, (x, 2, 0), shape=(None, 3))
        check_symbolic(ops.repeat, (x, 2), shape=(None,))
        check_symbolic(ops.repeat, (KerasTensor((2, 3)), 2), shape=(12,))
        check_symbolic(ops.repeat, (KerasTensor((2, 3)), [1, 2], 0),
                       shape=(3, 3))
        with self.assertRaisesRegex(ValueError, "repeat"):
            ops.repeat(KerasTensor((2, 3)), [1, 2, 3], 0)

    def test_ndim_and_size(self):
        x = backend.convert_to_tensor(_arange((2, 3)))
        self.assertEqual(ops.ndim(x), 2)
        self.assertEqual(ops.size(x), 6)
        self.assertEqual(ops.ndim(3.0), 0)
        self.assertEqual(ops.size([[1, 2, 3]]), 3)
        self.assertEqual(ops.ndim(KerasTensor((None, 3))), 2)
        self.assertIsNone(ops.size(KerasTensor((None, 3))))
        self.assertEqual(ops.size(KerasTensor((2, 3))), 6)
        # Each backend's type, as in Keras.
        if backend.backend() in ("tensorflow", "torch"):
            self.assertTrue(backend.is_tensor(ops.size(x)))
            self.assertEqual(
                backend.standardize_dtype(ops.size(x).dtype),
                "int32" if backend.backend() == "tensorflow" else "int64",
            )
        else:
            self.assertIsInstance(ops.size(x), int)


class AxesTest(testing.TestCase):
    @parameterized.parameters(
        (None,), ((1, 0, 2),), ((2, 0, 1),), ((-1, 0, 1),)
    )
    def test_transpose(self, axes):
        check_eager(ops.transpose, np.transpose, (_arange((2, 3, 4)), axes))

    def test_transpose_symbolic(self):
        x = KerasTensor((None, 3, 4))
        check_symbolic(ops.transpose, (x,), shape=(4, 3, None))
        check_symbolic(ops.transpose, (x, (1, 0, 2)), shape=(3, None, 4))
        with self.assertRaisesRegex(ValueError, "transpose"):
            ops.transpose(x, (1, 0))
        with self.assertRaisesRegex(ValueError, "transpose"):
            ops.transpose(x, (1, 1, 0))

    @parameterized.parameters((0, 2), (-1, 0), (1, 1))
    def test_swapaxes(self, axis1, axis2):
        check_eager(ops.swapaxes, np.swapaxes,
                    (_arange((2, 3, 4)), axis1, axis2))

    def test_swapaxes_symbolic(self):
        check_symbolic(ops.swapaxes, (KerasTensor((None, 3, 4)), 0, -1),
                       shape=(4, 3, None))

    @parameterized.parameters(
        (0, -1), ([0, 1], [-1, -2]), (2, 0), ((0, 2), (2, 0)),
    )
    def test_moveaxis(self, source, destination):
        check_eager(ops.moveaxis, np.moveaxis,
                    (_arange((2, 3, 4)), source, destination))

    def test_moveaxis_symbolic(self):
        x = KerasTensor((None, 3, 4))
        check_symbolic(ops.moveaxis, (x, [0, 1], [-1, -2]),
                       shape=(4, 3, None))
        with self.assertRaisesRegex(ValueError, "moveaxis"):
            ops.moveaxis(x, [0, 1], [-1])

    @parameterized.parameters((None,), (0,), (1,), ((0, 1),), (-1,))
    def test_flip(self, axis):
        check_eager(ops.flip, np.flip, (_arange((2, 3)),), {"axis": axis})
        check_symbolic(ops.flip, (KerasTensor((None, 3)),), {"axis": axis},
                       shape=(None, 3))

    def test_fliplr_flipud(self):
        x = _arange((2, 3, 2))
        check_eager(ops.fliplr, np.fliplr, (x,))
        check_eager(ops.flipud, np.flipud, (x,))
        check_eager(ops.flipud, np.flipud, (_arange((3,)),))
        check_symbolic(ops.fliplr, (KerasTensor((None, 3)),),
                       shape=(None, 3))
        check_symbolic(ops.flipud, (KerasTensor((None,), "int8"),),
                       shape=(None,), dtype="int8")
        with self.assertRaisesRegex(ValueError, "fliplr"):
            ops.fliplr(KerasTensor((None,)))
        with self.assertRaisesRegex(ValueError, "fliplr"):
            ops.fliplr(_arange((3,)))

    @parameterized.parameters(
        (1, (0, 1)), (-1, (0, 1)), (2, (0, 1)), (3, (0, 1)), (4, (0, 1)),
        (1, (1, 2)), (1, (2, 0)), (5, (-1, -2)),
    )
    def test_rot90(self, k, axes):
        check_eager(ops.rot90, np.rot90, (_arange((2, 3, 4)), k, axes))

    def test_rot90_symbolic(self):
        x = KerasTensor((None, 3, 4))
        check_symbolic(ops.rot90, (x, 1, (1, 2)), shape=(None, 4, 3))
        check_symbolic(ops.rot90, (x, 2, (0, 2)), shape=(None, 3, 4))
        check_symbolic(ops.rot90, (x, -1, (0, 2)), shape=(4, 3, None))

    def test_rot90_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "rot90"):
            ops.rot90(_arange((3,)))
        with self.assertRaisesRegex(ValueError, "rot90"):
            ops.rot90(_arange((2, 3)), axes=(0, 0))
        with self.assertRaisesRegex(ValueError, "rot90"):
            ops.rot90(KerasTensor((None, 3)), axes=(0, 2))

    @parameterized.parameters(
        (1, None), (1, 1), (-2, 0), ((1, 2), (0, 1)), (1, (0, 1)),
        ((1, 2), 1), (7, None),
    )
    def test_roll(self, shift, axis):
        check_eager(ops.roll, np.roll, (_arange((2, 3)), shift),
                    {"axis": axis})

    def test_roll_symbolic(self):
        check_symbolic(ops.roll, (KerasTensor((None, 3), "int8"), 1),
                       shape=(None, 3), dtype="int8")


class PadTest(testing.TestCase):
    @parameterized.parameters(
        ("constant",), ("edge",), ("reflect",), ("symmetric",), ("wrap",),
        ("maximum",), ("minimum",), ("mean",), ("median",),
        ("linear_ramp",),
    )
    def test_modes(self, mode):
        x = np.array([[1, 2, 4], [3, 8, 5]], dtype="float32")
        # Pads wider than the axis make reflect, symmetric and wrap repeat.
        for pad_width in ((1, 2), [(1, 1), (4, 5)]):
            check_eager(ops.pad, np.pad, (x, pad_width), {"mode": mode})

    @parameterized.parameters(("mean",), ("median",), ("linear_ramp",))
    def test_modes_round_ints(self, mode):
        x = np.array([[1, 2, 4], [3, 8, 6]], dtype="int32")
        check_eager(ops.pad, np.pad, (x, [(1, 2), (2, 1)]), {"mode": mode})

    def test_circular_is_wrap(self):
        x = _arange((2, 3))
        self.assertAllEqual(ops.pad(x, 2, mode="circular"),
                            np.pad(x, 2, mode="wrap"))

    def test_empty_mode_gives_zeros(self):
        result = ops.pad(_arange((2,)), 1, mode="empty")
        self.assertAllEqual(result, [0, 0, 1, 0])

    def test_constant_values(self):
        x = _arange((2, 2), "int8")
        check_eager(ops.pad, np.pad, (x, 1), {"constant_values": 7})
        check_eager(ops.pad, np.pad, (x, 1), {"constant_values": 7.9})
        check_eager(ops.pad, np.pad, (np.array([True]), 1))
        check_eager(ops.pad, np.pad, (np.float16([1.5]), (0, 2)),
                    {"constant_values": -1})

    def test_pad_symbolic(self):
        x = KerasTensor((None, 3), "int8")
        check_symbolic(ops.pad, (x, [(1, 0), (0, 2)]), shape=(None, 5),
                       dtype="int8")
        check_symbolic(ops.pad, (x, 1), shape=(None, 5))
        check_symbolic(ops.pad, (x, (1, 2)), {"mode": "reflect"},
                       shape=(None, 6))

    def test_pad_errors(self):
        x = KerasTensor((None, 3))
        with self.assertRaisesRegex(ValueError, "pad"):
            ops.pad(x, [(1, 0), (0, 2), (1, 1)])
        with self.assertRaisesRegex(ValueError, "pad"):
            ops.pad(_arange((2,)), 1, mode="reflect", constant_values=3)
        with self.assertRaisesRegex(ValueError, "pad"):
            ops.pad(_arange((2,)), 1, mode="bogus")
        with self.assertRaisesRegex(ValueError, "pad"):
            ops.pad(_arange((2,)), -1)


class ViewTest(testing.TestCase):
    @parameterized.parameters(
        ("float32", "int32", (2,)), ("float32", "int16", (2,)),
        ("float16", "uint8", (2, 3)), ("int16", "float32", (2, 4)),
        ("uint8", "bool", (3,)), ("float32", "bfloat16", (2,)),
        ("int8", "uint8", ()), ("float32", None, (2,)),
    )
    def test_view(self, source, target, shape):
        x = _arange(shape, source) if source != "uint8" else np.array(
            [0, 1, 0], "uint8"
        )
        result = ops.view(backend.convert_to_tensor(x), target)
        expected = x if target is None else x.view(target)
        self.assertEqual(tuple(result.shape), expected.shape)
        self.assertDType(result, expected.dtype)
        self.assertAllEqual(
            backend.convert_to_numpy(result).view("uint8"),
            expected.view("uint8"),
        )

    def test_view_symbolic(self):
        check_symbolic(ops.view, (KerasTensor((None, 4)), "int16"),
                       shape=(None, 8), dtype="int16")
        check_symbolic(ops.view, (KerasTensor((None, 4), "int16"),
                                  "float32"), shape=(None, 2))
        check_symbolic(ops.view, (KerasTensor((4, None), "int16"),
                                  "float32"), shape=(4, None))

    def test_view_bad_sizes(self):
        with self.assertRaisesRegex(ValueError, "view"):
            ops.view(backend.convert_to_tensor(_arange((3,), "int16")),
                     "float32")
        with self.assertRaisesRegex(ValueError, "view"):
            ops.view(KerasTensor((3,), "int16"), "float32")
        with self.assertRaisesRegex(ValueError, "view"):
            ops.view(KerasTensor((), "float32"), "int16")


@pytest.mark.skipif(
    backend.backend() != "tensorflow", reason="tf.function shape checks"
)
class TensorFlowGraphTest(testing.TestCase):
    def test_unknown_dims_in_tf_function(self):
        import tensorflow as tf

        @tf.function(input_signature=[tf.TensorSpec((None, 4), "float32")])
        def run(x):
            pieces = ops.array_split(x, 3, axis=1)
            return (
                ops.reshape(x, (-1, 2)),
                ops.pad(x, 1, mode="reflect"),
                ops.concatenate(pieces, axis=1),
                ops.view(x, "int16"),
                ops.size(x),
                ops.vstack([x, x]),
            )

        x = _arange((3, 4))
        flat, padded, joined, viewed, count, stacked = run(x)
        self.assertAllEqual(flat, x.reshape(-1, 2))
        self.assertAllEqual(padded, np.pad(x, 1, mode="reflect"))
        self.assertAllEqual(joined, x)
        self.assertAllEqual(viewed, x.view("int16"))
        self.assertEqual(int(count), 12)
        self.assertAllEqual(stacked, np.vstack([x, x]))


@pytest.mark.skipif(backend.backend() != "jax", reason="jax.jit checks")
class JaxJitTest(testing.TestCase):
    def test_ops_under_jit(self):
        import jax

        @jax.jit
        def run(x):
            return (
                ops.pad(x, 1, mode="symmetric"),
                ops.split(x, [1], axis=1)[1],
                ops.rot90(x),
                ops.linspace(x[0], x[1], 3),
            )

        x = _arange((2, 3))
        padded, piece, rotated, ramp = run(x)
        self.assertAllEqual(padded, np.pad(x, 1, mode="symmetric"))
        self.assertAllEqual(piece, x[:, 1:])
        self.assertAllEqual(rotated, np.rot90(x))
        self.assertAllClose(ramp, np.linspace(x[0], x[1], 3))
