"""`TFDataLayer`: the base of preprocessing layers that also run inside
`tf.data` pipelines, whatever the active backend."""

from keras.src import backend
from keras.src import tree
from keras.src.layers.layer import Layer
from keras.src.random.seed_generator import SeedGenerator
from keras.src.utils import backend_utils

_SEED_WORDS = 2**31 - 1


class TFDataLayer(Layer):
    """A layer that runs inside a `tf.data` pipeline on every backend.

    Outside TensorFlow graphs it is an ordinary `Layer`. When it is called
    inside a TensorFlow graph (`dataset.map(layer)`) while the active
    backend is not TensorFlow, it switches `self.backend` to TensorFlow,
    runs `call` directly on the TensorFlow tensors (without the `Layer`
    machinery: no casting, masking or variable tracking) and switches
    back; the outputs are TensorFlow tensors.

    Interface for subclasses:

    - compute with `self.backend.<module>.<function>`
      (`self.backend.numpy.clip`, `self.backend.image.resize`,
      `self.backend.cast`, ...), never with `keras.ops`, so that the
      same `call` runs on the backend chosen for the call;
    - keep the random state in `self.seed_generator` (a
      `keras.random.SeedGenerator`) and draw with
      `seed=self._get_seed_generator(self.backend.name)`: inside
      `tf.data` it returns a TensorFlow-side generator seeded alike,
      which leaves the layer's backend variables untouched;
    - `self.backend.name` tells which backend `call` runs on.

    Args:
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...).

    Example:

    >>> from keras.src.layers.preprocessing.tf_data_layer import (
    ...     TFDataLayer)
    >>> class Double(TFDataLayer):
    ...     def call(self, x):
    ...         return self.backend.numpy.multiply(x, 2.0)
    >>> tuple(Double()(keras.ops.ones((2, 3))).shape)
    (2, 3)
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.backend = backend_utils.DynamicBackend()
        object.__setattr__(self, "_tf_seed_generators", {})

    def __call__(self, inputs, **kwargs):
        if self._runs_in_tf_data(inputs, kwargs):
            return self._tf_data_call(inputs, kwargs)
        return super().__call__(inputs, **kwargs)

    def _runs_in_tf_data(self, inputs, kwargs):
        if backend.backend() == "tensorflow":
            return False
        if not backend_utils.in_tf_graph():
            return False
        return not backend.any_symbolic_tensors((inputs,), kwargs)

    def _tf_data_call(self, inputs, kwargs):
        import tensorflow as tf

        def to_tf(x):
            if isinstance(x, (tf.Tensor, tf.SparseTensor, tf.RaggedTensor)):
                return x
            if hasattr(x, "shape") and hasattr(x, "dtype"):
                return tf.convert_to_tensor(backend.convert_to_numpy(x))
            return x

        inputs = tree.map_structure(to_tf, inputs)
        self.backend.set_backend("tensorflow")
        try:
            if not self.built:
                self._build_for_tf_data(inputs)
            if "training" in kwargs and not self._call_info.has_training:
                kwargs = {k: v for k, v in kwargs.items() if k != "training"}
            return self.call(inputs, **kwargs)
        finally:
            self.backend.reset()

    def _build_for_tf_data(self, inputs):
        shapes = tree.map_structure(
            lambda x: tuple(x.shape) if hasattr(x, "shape") else x, inputs
        )
        self._build_with({"input_shape": shapes})

    def _get_seed_generator(self, backend_name=None):
        """The seed generator random draws of `call` use.

        Args:
            backend_name: the backend `call` runs on (default: the
                active one).

        Returns:
            `self.seed_generator` on the active backend; on another
            backend (TensorFlow inside `tf.data`), a generator whose state
            lives on that backend, created once per backend and seeded
            from `self.seed_generator`'s initial seed.
        """
        own = self.__dict__.get("seed_generator")
        if backend_name is None or backend_name == backend.backend():
            return own
        generators = self.__dict__["_tf_seed_generators"]
        if backend_name not in generators:
            seed = getattr(own, "_initial_seed", None)
            if seed is None:
                seed = getattr(self, "seed", None)
            generators[backend_name] = _TFSeedGenerator(seed)
        return generators[backend_name]


class _TFSeedGenerator(SeedGenerator):
    """A `SeedGenerator` whose state is a `tf.Variable`, for draws inside
    `tf.data` pipelines while another backend is active.

    The variable is created outside any graph (`tf.init_scope`), so the
    pipeline captures it and advances it each time an element is mapped.
    """

    def __init__(self, seed=None):
        # The parent's constructor is skipped: it makes a backend variable.
        import random as python_random

        import tensorflow as tf

        if seed is None:
            seed = python_random.randrange(1, _SEED_WORDS)
        self._initial_seed = int(seed)
        self.name = "tf_data_seed_generator"
        with tf.init_scope():
            self.state = tf.Variable(
                [int(seed) % _SEED_WORDS, 0], dtype="int64",
                trainable=False, name="seed_generator_state",
            )

    def next(self, ordered=True):
        import tensorflow as tf

        seed = tf.identity(self.state.read_value())
        if ordered:
            self.state.assign_add(tf.constant([0, 1], "int64"))
        else:
            jump = tf.random.stateless_uniform(
                (2,), tf.cast(seed, "int32"), 0, _SEED_WORDS, "int64"
            )
            self.state.assign(jump)
        return tf.cast(seed, "int32")
