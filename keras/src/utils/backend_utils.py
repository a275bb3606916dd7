"""Switching the backend at run time."""

import importlib
import os
import sys

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.backend.config import BACKENDS


@keras_export("keras.config.set_backend")
def set_backend(backend):
    """Switches the backend, reloading Keras.

    Objects created before the switch (models, tensors, layers) belong to
    the old backend and cannot be used afterwards: recreate them. Modules
    that imported `keras` keep their old reference; use `keras` through
    `import keras` again (or `importlib.reload`) after switching.

    Args:
        backend: `"tensorflow"`, `"jax"`, `"torch"` or `"numpy"`.

    Example:

    >>> keras.config.set_backend("numpy")  # doctest: +SKIP
    """
    if backend not in BACKENDS:
        raise ValueError(
            f"Unknown backend {backend!r}. Expected one of {BACKENDS}."
        )
    os.environ["KERAS_BACKEND"] = backend
    for name in [n for n in sys.modules if n == "keras" or
                 n.startswith("keras.")]:
        del sys.modules[name]
    return importlib.import_module("keras")


# Global attribute set while a `TFGraphScope` is open.
_TF_GRAPH_SCOPE = "in_tf_graph_scope"


class TFGraphScope:
    """A context in which `in_tf_graph()` is true.

    Code that builds a TensorFlow graph by other means than `tf.function`
    (say, a `tf.data` map whose function Keras traces itself) opens it so
    that layers choose their TensorFlow path. Scopes nest.

    Example:

    >>> from keras.src.utils import backend_utils
    >>> with backend_utils.TFGraphScope():
    ...     backend_utils.in_tf_graph()
    True
    """

    def __init__(self):
        self._original_value = global_state.get_global_attribute(
            _TF_GRAPH_SCOPE, False
        )

    def __enter__(self):
        global_state.set_global_attribute(_TF_GRAPH_SCOPE, True)
        return self

    def __exit__(self, *exc_info):
        global_state.set_global_attribute(
            _TF_GRAPH_SCOPE, self._original_value
        )


def in_grain_data_pipeline():
    """Whether the caller runs inside a Grain data pipeline.

    Grain (`pip install grain`) runs the `map` functions of a dataset in
    its own worker code; layers used there must compute with NumPy. The
    answer is read from the call stack, and is `False` whenever Grain was
    never imported.

    Returns:
        A bool.

    Example:

    >>> from keras.src.utils.backend_utils import in_grain_data_pipeline
    >>> in_grain_data_pipeline()
    False
    """
    if "grain" not in sys.modules:
        return False
    frame = sys._getframe(1)
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if module == "grain" or module.startswith(("grain.", "grain._src")):
            return True
        frame = frame.f_back
    return False


def convert_tf_tensor(outputs, dtype=None):
    """Converts a tensor (of TensorFlow or any other kind) to the active
    backend.

    Preprocessing layers that compute with TensorFlow hand their results
    back with it when called outside a TensorFlow graph.

    Args:
        outputs: a tensor, array or nested list of numbers.
        dtype: optional dtype of the result.

    Returns:
        A tensor of the active backend (a TensorFlow tensor stays one when
        the backend is TensorFlow).

    Example:

    >>> from keras.src.utils.backend_utils import convert_tf_tensor
    >>> x = convert_tf_tensor([1, 2], dtype="int32")
    >>> keras.ops.convert_to_numpy(x).tolist()
    [1, 2]
    """
    from keras.src import backend

    if backend.backend() != "tensorflow" and not in_tf_graph():
        tf = sys.modules.get("tensorflow")
        if tf is not None and tf.is_tensor(outputs):
            outputs = outputs.numpy()
    return backend.convert_to_tensor(outputs, dtype=dtype)


def in_tf_graph():
    """Whether the caller runs inside a TensorFlow graph (a `tf.function`
    or a `tf.data` pipeline), or inside a `TFGraphScope`.

    TensorFlow is never imported here: when no one has imported it, no
    TensorFlow graph can be running.

    Returns:
        A bool.

    Example:

    >>> from keras.src.utils.backend_utils import in_tf_graph
    >>> in_tf_graph()
    False
    """
    if global_state.get_global_attribute(_TF_GRAPH_SCOPE, False):
        return True
    tf = sys.modules.get("tensorflow")
    if tf is None or not hasattr(tf, "inside_function"):
        return False
    torch = sys.modules.get("torch")
    compiler = getattr(torch, "compiler", None)
    if compiler is not None and compiler.is_compiling():
        # torch.compile is tracing: no TensorFlow graph runs, and Dynamo
        # cannot trace `tf.inside_function`.
        return False
    return bool(tf.inside_function())


# (backend name, attribute) -> resolved attribute: lookups stay cheap
# dict reads, which torch.compile traces without graph breaks.
_RESOLVED = {}


def _backend_package(name):
    from keras.src import backend as active

    if name == active.backend():
        return active
    # Importing `keras.src.backend.numpy` (the package) would rebind the
    # active backend's `numpy` module attribute: keep it.
    saved = active.__dict__.get(name)
    package = importlib.import_module(f"keras.src.backend.{name}")
    if saved is not None:
        setattr(active, name, saved)
    return package


def _resolve(backend, name):
    package = _backend_package(backend)
    try:
        return getattr(package, name)
    except AttributeError:
        pass
    try:
        return importlib.import_module(f"{_real_name(package)}.{name}")
    except ModuleNotFoundError as e:
        raise AttributeError(
            f"Backend {backend!r} has no attribute {name!r}."
        ) from e


class DynamicBackend:
    """A handle on a backend that can be switched at run time.

    Attribute access returns the attribute of the chosen backend package
    (`keras.src.backend.<name>`; `keras.src.backend` itself when `name`
    is the active backend), importing submodules on demand: so
    `dynamic.numpy.clip`, `dynamic.image.resize`, `dynamic.random.uniform`
    or `dynamic.cast` call that backend's function. Preprocessing layers
    use it to run their `call` with TensorFlow inside a `tf.data`
    pipeline whatever the active backend.

    Args:
        backend: the backend's name (default: the active backend).

    Example:

    >>> from keras.src.utils.backend_utils import DynamicBackend
    >>> dynamic = DynamicBackend()
    >>> dynamic.name == keras.backend.backend()
    True
    """

    def __init__(self, backend=None):
        from keras.src.backend import config

        self._default = backend or config.backend()
        self._check(self._default)
        self._backend = self._default

    @staticmethod
    def _check(name):
        if name not in BACKENDS:
            raise ValueError(
                f"Unknown backend. Expected one of {BACKENDS}. "
                f"Received: backend={name!r}"
            )

    @property
    def name(self):
        """The name of the backend attribute access resolves to."""
        return self._backend

    def set_backend(self, backend):
        """Makes attribute access resolve to `backend` (a name)."""
        self._check(backend)
        self._backend = backend

    def reset(self):
        """Returns to the backend given at construction."""
        self._backend = self._default

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        key = (self.__dict__["_backend"], name)
        value = _RESOLVED.get(key)
        if value is None:
            value = _resolve(*key)
            _RESOLVED[key] = value
        return value


def _real_name(package):
    """The package holding a backend's own submodules."""
    name = package.__name__
    if name == "keras.src.backend":
        return f"{name}.{package.backend()}"
    return name
