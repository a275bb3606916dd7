"""Random sampling on the torch backend.

Eagerly, each draw seeds a fresh `torch.Generator` from the two words of
the Keras seed (see `keras.src.random.seed_generator.draw_seed`), so a draw
depends on its seed only.

Under `torch.compile` (or while a whole step is captured), seeding a
generator needs the seed as Python ints, which would break the graph.
There, draws use torch's global RNG instead (Dynamo traces it, and
`torch.manual_seed` / `keras.utils.set_random_seed` fix it); a
`SeedGenerator` passed as `seed` is still advanced, so its state moves
as it does eagerly. Compiled draws are therefore reproducible
through the global seed, not through the `seed` argument.
"""

import math

import torch

from keras.src.backend.common import dtypes
from keras.src.backend.torch.core import KERAS_DTYPES
from keras.src.backend.torch.core import convert_to_tensor
from keras.src.backend.torch.core import get_device
from keras.src.backend.torch.core import is_capturing
from keras.src.backend.torch.core import to_torch_dtype
from keras.src.backend.common.random_utils import (
    fill_noise_shape as _fill_noise_shape,
)

_MASK64 = 2**64 - 1
# The normal CDF at -2: truncated normals are drawn between it and 1 - it.
_CDF_MINUS_2 = 0.5 * math.erfc(math.sqrt(2.0))


def _mix(words):
    # torch seeds its CPU generator with the low 32 bits only: hash both
    # words together (splitmix64) so that each of them reaches those bits.
    z = (((words[0] & 0xFFFFFFFF) << 32) | (words[1] & 0xFFFFFFFF))
    z = (z + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _generator(seed, device=None):
    """Returns the generator to draw with on `device` (default: the current
    device); `None` (torch's global RNG) while `torch.compile` traces (see
    the module docstring)."""
    # Imported here: `keras.src.random` imports the backend.
    from keras.src.random.seed_generator import SeedGenerator
    from keras.src.random.seed_generator import draw_seed

    if is_capturing():
        if seed is None or isinstance(seed, SeedGenerator):
            draw_seed(seed)
        return None
    words = draw_seed(seed).tolist()
    generator = torch.Generator(device=device or get_device())
    generator.manual_seed(_mix(words))
    return generator


def _rng(seed, device=None):
    """`{"generator": ...}` for torch's sampling functions, or `{}` while
    compiling: passing `generator=None` explicitly makes Dynamo take a
    path that fails on symbolic (dynamic batch) shapes."""
    generator = _generator(seed, device)
    return {} if generator is None else {"generator": generator}


def _dtype(dtype):
    return to_torch_dtype(dtypes.standardize_dtype(dtype))


def _work_dtype(dtype):
    # Gamma and binomial sampling lack half-precision kernels.
    if dtype in (torch.float16, torch.bfloat16):
        return torch.float32
    return dtype


def _as_float(value, dtype, shape=None):
    x = convert_to_tensor(value).to(dtype)
    return x if shape is None else x.expand(shape).contiguous()


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = _dtype(dtype)
    x = torch.randn(
        shape, **_rng(seed), dtype=dtype, device=get_device()
    )
    return (x * stddev + mean).to(dtype)


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    dtype = _dtype(dtype)
    u = torch.rand(
        shape, **_rng(seed), dtype=dtype, device=get_device()
    )
    return (minval + (maxval - minval) * u).to(dtype)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = _dtype(dtype)
    work = torch.float64 if dtype == torch.float64 else torch.float32
    u = torch.rand(
        shape, **_rng(seed), dtype=work, device=get_device()
    )
    # Inverse CDF of the normal restricted to [-2, 2]: no resampling loop,
    # so no data-dependent control flow.
    p = _CDF_MINUS_2 + u * (1.0 - 2.0 * _CDF_MINUS_2)
    x = torch.clamp(math.sqrt(2.0) * torch.erfinv(2.0 * p - 1.0), -2.0, 2.0)
    return (x * stddev + mean).to(dtype)


def categorical(logits, num_samples, dtype="int32", seed=None):
    logits = convert_to_tensor(logits)
    if not logits.is_floating_point():
        logits = logits.to(torch.float32)
    if num_samples == 0:
        # `torch.multinomial` refuses to draw no sample.
        return torch.zeros((logits.shape[0], 0), dtype=_dtype(dtype),
                           device=logits.device)
    probabilities = torch.softmax(logits.to(_work_dtype(logits.dtype)), -1)
    samples = torch.multinomial(
        probabilities, num_samples, replacement=True,
        **_rng(seed, logits.device),
    )
    return samples.to(_dtype(dtype))


def randint(shape, minval, maxval, dtype="int32", seed=None):
    dtype = _dtype(dtype)
    generator = _generator(seed)
    if isinstance(minval, int) and isinstance(maxval, int):
        x = torch.randint(
            minval, maxval, shape, generator=generator,
            dtype=torch.int64, device=get_device(),
        )
        return x.to(dtype)
    # Tensor bounds: scale uniform floats (torch.randint takes ints only).
    low = convert_to_tensor(minval).to(torch.float64)
    high = convert_to_tensor(maxval).to(torch.float64)
    u = torch.rand(
        shape, generator=generator, dtype=torch.float64, device=get_device()
    )
    x = torch.floor(low + (high - low) * u)
    return torch.minimum(x, high - 1).to(dtype)


def dropout(inputs, rate, noise_shape=None, seed=None):
    x = convert_to_tensor(inputs)
    if not x.is_floating_point():
        x = x.to(_dtype(dtypes.result_type(KERAS_DTYPES[x.dtype], float)))
    if isinstance(rate, (int, float)) and rate in (0, 1):
        return x if rate == 0 else torch.zeros_like(x)
    # A uniform mask rather than `torch.nn.functional.dropout`, which
    # cannot be traced inside `torch.func` transforms.
    noise = torch.rand(
        _fill_noise_shape(noise_shape, x.shape),
        **_rng(seed, x.device),
        dtype=x.dtype,
        device=x.device,
    )
    keep = noise >= rate
    return torch.where(keep, x / (1.0 - rate), torch.zeros_like(x))


def shuffle(x, axis=0, seed=None):
    x = convert_to_tensor(x)
    order = torch.randperm(
        x.shape[axis], **_rng(seed, x.device), device=x.device
    )
    return torch.index_select(x, axis, order)


def _gamma(alpha, shape, work, generator):
    # `torch._standard_gamma` is what `torch.distributions.Gamma` samples
    # with; unlike the distribution, it takes a generator.
    alpha = _as_float(alpha, work, shape)
    return torch._standard_gamma(alpha, generator=generator)


def gamma(shape, alpha, dtype=None, seed=None):
    dtype = _dtype(dtype)
    work = _work_dtype(dtype)
    return _gamma(alpha, shape, work, _generator(seed)).to(dtype)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    dtype = _dtype(dtype)
    work = _work_dtype(dtype)
    x = torch.binomial(
        _as_float(counts, work, shape),
        _as_float(probabilities, work, shape),
        **_rng(seed),
    )
    return x.to(dtype)


def beta(shape, alpha, beta, dtype=None, seed=None):
    dtype = _dtype(dtype)
    work = _work_dtype(dtype)
    generator = _generator(seed)
    # If X ~ Gamma(a) and Y ~ Gamma(b), X / (X + Y) ~ Beta(a, b).
    x = _gamma(alpha, shape, work, generator)
    y = _gamma(beta, shape, work, generator)
    return (x / (x + y)).to(dtype)
