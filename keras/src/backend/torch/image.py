"""Image functions on PyTorch.

The image math lives in `keras.src.backend.common.image_functions`; this
module supplies the torch array adapter it runs on and exports the
functions. Shapes stay static and nothing leaves the device, so the
functions trace under `torch.compile(fullgraph=True)` and are
differentiable in the pixels.
"""

import torch
import torch.nn.functional as F

from keras.src.backend.common import dtypes
from keras.src.backend.common import image_functions
from keras.src.backend.torch.core import convert_to_tensor
from keras.src.backend.torch.core import get_device
from keras.src.backend.torch.core import to_torch_dtype


def _std(dtype):
    """A dtype's name, without dictionary lookups Dynamo cannot trace."""
    if isinstance(dtype, torch.dtype):
        return str(dtype).split(".")[-1]
    if isinstance(dtype, str):
        return dtype
    return dtypes.standardize_dtype(dtype)


def _is_float(dtype):
    return dtype in ("float16", "bfloat16", "float32", "float64")


def _is_int(dtype):
    return dtype.startswith(("int", "uint"))


def _torch_dtype(dtype):
    if isinstance(dtype, torch.dtype):
        return dtype
    name = _std(dtype)
    return getattr(torch, name) if hasattr(torch, name) else (
        to_torch_dtype(name))


def _tensor(x):
    if torch.is_tensor(x):
        return x
    if isinstance(x, (int, float, bool)):
        # Python scalars skip `convert_to_tensor`'s dtype inference,
        # which Dynamo cannot trace.
        return torch.tensor(x, device=get_device())
    return convert_to_tensor(x)


class _TorchOps(image_functions.ArrayOps):
    """The NumPy-named array functions the shared image code calls."""

    abs = staticmethod(torch.abs)
    exp = staticmethod(torch.exp)
    sin = staticmethod(torch.sin)
    floor = staticmethod(torch.floor)
    round = staticmethod(torch.round)
    mod = staticmethod(torch.remainder)
    matmul = staticmethod(torch.matmul)
    moveaxis = staticmethod(torch.movedim)
    reshape = staticmethod(torch.reshape)
    broadcast_to = staticmethod(torch.broadcast_to)
    zeros_like = staticmethod(torch.zeros_like)
    ones_like = staticmethod(torch.ones_like)
    solve = staticmethod(torch.linalg.solve)
    dtype_name = staticmethod(_std)
    is_float = staticmethod(_is_float)
    is_int = staticmethod(_is_int)

    @staticmethod
    def asarray(x, dtype=None):
        x = _tensor(x)
        return x if dtype is None else x.to(_torch_dtype(dtype))

    @staticmethod
    def astype(x, dtype):
        return _tensor(x).to(_torch_dtype(dtype))

    @staticmethod
    def arange(n, dtype=None):
        dtype = None if dtype is None else _torch_dtype(dtype)
        return torch.arange(n, dtype=dtype, device=get_device())

    @staticmethod
    def where(cond, a, b):
        return torch.where(cond, a, b)

    @staticmethod
    def clip(x, low, high):
        return torch.clamp(x, low, high)

    @staticmethod
    def shape(x):
        return tuple(x.shape)

    @staticmethod
    def maximum(a, b):
        if not (torch.is_tensor(a) or torch.is_tensor(b)):
            return max(a, b)
        if not torch.is_tensor(a):
            a, b = b, a
        if not torch.is_tensor(b):
            return torch.clamp(a, min=b)
        return torch.maximum(a, b)

    @staticmethod
    def sum(x, axis=None, keepdims=False):
        if axis is None:
            return torch.sum(x)
        return torch.sum(x, dim=axis, keepdim=keepdims)

    @staticmethod
    def max(x, axis):
        return torch.amax(x, dim=axis)

    @staticmethod
    def min(x, axis):
        return torch.amin(x, dim=axis)

    @staticmethod
    def mean(x, axis):
        return torch.mean(x, dim=axis)

    @staticmethod
    def stack(xs, axis=0):
        return torch.stack(xs, dim=axis)

    @staticmethod
    def transpose(x, perm):
        return x.permute(perm)

    @staticmethod
    def meshgrid(a, b, indexing="ij"):
        return torch.meshgrid(a, b, indexing=indexing)

    @staticmethod
    def take(x, index, axis=0):
        index = index.long()
        if axis == 0:
            return x[index]
        return torch.index_select(x, axis, index)

    @staticmethod
    def pad(x, pads, constant_values=0):
        flat = []
        for before, after in reversed(list(pads)):
            flat += [before, after]
        return F.pad(x, flat, value=constant_values)

    @staticmethod
    def ndim(x):
        return x.ndim if torch.is_tensor(x) else 0


xp = _TorchOps()
_image = image_functions.ImageFunctions(xp, "torch")

# Keras's tables of the arguments these functions take.
AFFINE_TRANSFORM_FILL_MODES = image_functions.AFFINE_TRANSFORM_FILL_MODES
AFFINE_TRANSFORM_INTERPOLATIONS = (
    image_functions.AFFINE_TRANSFORM_INTERPOLATIONS
)
MAP_COORDINATES_FILL_MODES = image_functions.MAP_COORDINATES_FILL_MODES
RESIZE_INTERPOLATIONS = image_functions.RESIZE_INTERPOLATIONS
SCALE_AND_TRANSLATE_METHODS = image_functions.SCALE_AND_TRANSLATE_METHODS
UNSUPPORTED_INTERPOLATIONS = image_functions.UNSUPPORTED_INTERPOLATIONS
compute_homography_matrix = _image.compute_homography_matrix
globals().update(_image.public_functions())
