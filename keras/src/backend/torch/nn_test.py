import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing

pytestmark = pytest.mark.skipif(
    backend.backend() != "torch", reason="Tests torch's compiled pooling."
)


def _value_and_grad(x, pool, strides, padding, data_format, compiled):
    import torch

    from keras.src.backend.torch import nn

    def pool_sum(x, weights):
        y = nn.max_pool(x, pool, strides, padding, data_format)
        return (y * weights).sum(), y

    x = torch.tensor(x, requires_grad=True)
    y_shape = pool_sum(x, 1.0)[1].shape
    weights = torch.linspace(0.5, 2.0, int(np.prod(y_shape))).reshape(y_shape)
    fn = torch.compile(pool_sum, backend="aot_eager", fullgraph=True)
    total, y = (fn if compiled else pool_sum)(x, weights)
    (grad,) = torch.autograd.grad(total, x)
    return y.detach().numpy(), grad.numpy()


class CompiledMaxPoolTest(testing.TestCase):
    """Compiled graphs pool non-overlapping windows with reductions
    (`nn.convolution._window_max`); values and gradients must equal eager
    pooling."""

    @parameterized.parameters(
        ((2, 7, 9, 3), 2, None, "valid", "channels_last"),
        ((2, 3, 8, 8), (2, 3), None, "valid", "channels_first"),
        ((2, 10, 4), 3, 3, "valid", "channels_last"),
        ((2, 7, 5, 3), 2, None, "same", "channels_last"),
        ((1, 4, 6, 5, 2), 2, None, "valid", "channels_last"),
        ((2, 6, 6, 3), 3, 2, "valid", "channels_last"),  # overlapping
    )
    def test_matches_eager_with_ties(self, shape, pool, strides, padding,
                                     data_format):
        # Values from {0, 1, 2} tie in most windows: the gradient must go
        # to the first maximum of each window, as eager pooling does.
        x = np.random.default_rng(0).integers(0, 3, shape).astype("float32")
        eager = _value_and_grad(x, pool, strides, padding, data_format,
                                compiled=False)
        compiled = _value_and_grad(x, pool, strides, padding, data_format,
                                   compiled=True)
        self.assertAllClose(compiled[0], eager[0], atol=0)
        self.assertAllClose(compiled[1], eager[1], atol=0)

    def test_nan_and_infinities_propagate(self):
        x = np.array([[[1.0], [np.nan], [-np.inf], [-np.inf], [np.inf],
                       [2.0]]], "float32")
        y, _ = _value_and_grad(x, 2, None, "valid", "channels_last",
                               compiled=True)
        self.assertAllClose(y[0, :, 0], [np.nan, -np.inf, np.inf])
