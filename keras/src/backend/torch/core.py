"""Core functions of the PyTorch backend.

This module is the backend's `core`, with the same public functions as the
other backends' `core.py` (`keras.src.backend` re-exports them). They are
written, one concept each, in the modules of this package:

- `conversion.py`: `Variable`, tensors, dtypes, casts, devices;
- `scatter.py`: scatter and dynamic slices;
- `control_flow.py`: conditionals, loops, scans, maps;
- `gradients.py`: `stop_gradient`, `custom_gradient`, `remat`;
- `dynamo.py`: tracing state and Dynamo's reset on `clear_session()`;
- `optimizer.py`: the fused optimizer kernels (not re-exported here).

`compute_output_spec`, which runs a function on meta tensors to infer
shapes, is written here.
"""

import torch

from keras.src.backend.common import symbolic_scope
from keras.src.backend.common import symbolic_shapes
from keras.src.backend.common.errors import mixed_error_class
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.name_scope import name_scope  # noqa: F401
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.torch.control_flow import associative_scan  # noqa: F401
from keras.src.backend.torch.control_flow import cond  # noqa: F401
from keras.src.backend.torch.control_flow import fori_loop  # noqa: F401
from keras.src.backend.torch.control_flow import map  # noqa: F401
from keras.src.backend.torch.control_flow import scan  # noqa: F401
from keras.src.backend.torch.control_flow import switch  # noqa: F401
from keras.src.backend.torch.control_flow import unstack  # noqa: F401
from keras.src.backend.torch.control_flow import vectorized_map  # noqa: F401
from keras.src.backend.torch.control_flow import while_loop  # noqa: F401
from keras.src.backend.torch.conversion import KERAS_DTYPES  # noqa: F401
from keras.src.backend.torch.conversion import TORCH_DTYPES  # noqa: F401
from keras.src.backend.torch.conversion import Variable  # noqa: F401
from keras.src.backend.torch.conversion import cast  # noqa: F401
from keras.src.backend.torch.conversion import convert_to_numpy  # noqa: F401
from keras.src.backend.torch.conversion import convert_to_tensor  # noqa: F401
from keras.src.backend.torch.conversion import device  # noqa: F401
from keras.src.backend.torch.conversion import device_scope  # noqa: F401
from keras.src.backend.torch.conversion import get_device  # noqa: F401
from keras.src.backend.torch.conversion import is_tensor  # noqa: F401
from keras.src.backend.torch.conversion import promote  # noqa: F401
from keras.src.backend.torch.conversion import random_seed_dtype  # noqa: F401
from keras.src.backend.torch.conversion import saturate_cast  # noqa: F401
from keras.src.backend.torch.conversion import shape  # noqa: F401
from keras.src.backend.torch.conversion import to_torch_dtype  # noqa: F401
from keras.src.backend.torch.dynamo import is_capturing  # noqa: F401
from keras.src.backend.torch.gradients import custom_gradient  # noqa: F401
from keras.src.backend.torch.gradients import remat  # noqa: F401
from keras.src.backend.torch.gradients import stop_gradient  # noqa: F401
from keras.src.backend.torch.scatter import scatter  # noqa: F401
from keras.src.backend.torch.scatter import scatter_update  # noqa: F401
from keras.src.backend.torch.scatter import slice  # noqa: F401
from keras.src.backend.torch.scatter import slice_update  # noqa: F401

SUPPORTS_SPARSE_TENSORS = False
SUPPORTS_RAGGED_TENSORS = False
IS_THREAD_SAFE = True
SUPPORTS_COMPLEX_DTYPES = True


def input_error(keras_class, message, dtype=False):
    """The error of a Keras input check whose input a PyTorch kernel would
    reject too: a `keras_class` that is also torch's class for it
    (`NotImplementedError` for an unsupported `dtype`, else
    `RuntimeError`). See `keras.src.backend.common.errors`."""
    framework_class = NotImplementedError if dtype else RuntimeError
    return mixed_error_class(keras_class, framework_class)(message)


@symbolic_scope.symbolic
def compute_output_spec(fn, *args, **kwargs):
    """Returns the `KerasTensor` specs of `fn(*args, **kwargs)` where args
    hold `KerasTensor`s. Runs `fn` on tensors on the `meta` device, which
    hold no data, falling back to real zeros where an op needs values."""

    def meta_tensor(shape, dtype):
        return torch.empty(shape, dtype=to_torch_dtype(dtype), device="meta")

    def zeros(shape, dtype):
        return torch.zeros(shape, dtype=to_torch_dtype(dtype))

    def to_spec(x):
        if isinstance(x, KerasTensor):
            return x
        return KerasTensor(tuple(x.shape), dtype=KERAS_DTYPES[x.dtype])

    with StatelessScope(), torch.no_grad():
        try:
            return symbolic_shapes.compute_output_spec_by_running(
                fn, args, kwargs, meta_tensor, to_spec
            )
        except Exception:
            return symbolic_shapes.compute_output_spec_by_running(
                fn, args, kwargs, zeros, to_spec
            )
