"""`SpectralNormalization`: keeps a wrapped layer's kernel at spectral
norm 1."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.core.wrapper import Wrapper


def _l2_normalize(x):
    squares = ops.sum(ops.square(x), keepdims=True)
    return ops.multiply(x, ops.rsqrt(ops.maximum(squares, 1e-12)))


@keras_export("keras.layers.SpectralNormalization")
class SpectralNormalization(Wrapper):
    """Divides the kernel of a wrapped layer by its spectral norm.

    The largest singular value `sigma` of the kernel (reshaped to a
    matrix of its last axis' columns) is estimated by power iteration
    with a persistent vector `vector_u`. Each training call refines the
    estimate, then sets the kernel to `kernel / sigma` before running the
    wrapped layer; inference calls run it unchanged. This stabilizes the
    training of GAN discriminators (Miyato et al., 2018).

    Args:
        layer: the layer to wrap; it must have a `kernel` or an
            `embeddings` weight.
        power_iterations: the number of power iterations per training
            call.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: the inputs of the wrapped layer.
        training: whether to normalize the kernel before the call.

    Example:

    >>> layer = keras.layers.SpectralNormalization(keras.layers.Dense(3))
    >>> y = layer(np.ones((2, 4), "float32"), training=True)
    >>> y.shape, tuple(layer.vector_u.shape)
    ((2, 3), (1, 3))
    """

    def __init__(self, layer, power_iterations=1, **kwargs):
        super().__init__(layer, **kwargs)
        if isinstance(power_iterations, bool) or not isinstance(
            power_iterations, int
        ) or power_iterations <= 0:
            raise ValueError(
                "`power_iterations` should be greater than zero. "
                f"Received: `power_iterations={power_iterations}`"
            )
        self.power_iterations = power_iterations

    def build(self, input_shape):
        if not self.layer.built:
            self.layer.build(input_shape)
        if hasattr(self.layer, "kernel"):
            self.kernel = self.layer.kernel
        elif hasattr(self.layer, "embeddings"):
            self.kernel = self.layer.embeddings
        else:
            raise ValueError(
                f"{type(self.layer).__name__} object has no attribute "
                "'kernel' nor 'embeddings': SpectralNormalization needs "
                f"one to normalize. Received: layer={self.layer.name!r}"
            )
        self.kernel_shape = tuple(self.kernel.shape)
        self.vector_u = self.add_weight(
            name="vector_u",
            shape=(1, self.kernel_shape[-1]),
            initializer="truncated_normal",
            trainable=False,
        )
        self.built = True

    def call(self, inputs, training=False):
        if training:
            vector_u, kernel = self.normalized_weights()
            self.vector_u.assign(vector_u)
            self.kernel.assign(ops.cast(kernel, self.kernel.dtype))
        return self.layer(inputs)

    def normalized_weights(self):
        """Returns the refined `vector_u` and the kernel divided by its
        estimated spectral norm (neither is assigned)."""
        kernel = self.kernel.value
        matrix = ops.reshape(kernel, (-1, self.kernel_shape[-1]))
        vector_u = self.vector_u.value
        vector_v = None
        for _ in range(self.power_iterations):
            vector_v = _l2_normalize(ops.matmul(vector_u,
                                                ops.transpose(matrix)))
            vector_u = _l2_normalize(ops.matmul(vector_v, matrix))
        vector_u = ops.stop_gradient(vector_u)
        vector_v = ops.stop_gradient(vector_v)
        sigma = ops.matmul(ops.matmul(vector_v, matrix),
                           ops.transpose(vector_u))
        return vector_u, ops.divide(kernel, ops.reshape(sigma, ()))

    def compute_output_shape(self, input_shape):
        return self.layer.compute_output_shape(input_shape)

    def get_config(self):
        config = super().get_config()
        config["power_iterations"] = self.power_iterations
        return config
