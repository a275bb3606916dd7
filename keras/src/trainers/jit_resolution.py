"""What `jit_compile` means for a given model on a given backend.

`resolve_jit_compile` turns the user's `jit_compile` (`True`, `False`,
`"auto"` or a dict of compiler options) into what the compiled steps
actually use, given the layers' `supports_jit` tables (DESIGN.md, sections
5 and 6), and lists the layers that the backend's compiler cannot trace.
`warn_unsupported` says, in one warning, which layers those are and what
is done instead.

What an explicit `True` (or dict) does with unsupported layers, per
backend:

- torch: the step is still compiled; those layers' calls run outside the
  compiled region (`torch.compiler.disable`), so Dynamo breaks the graph
  around them and everything else stays compiled.
- tensorflow: the step runs as a `tf.function` without XLA. TensorFlow
  graphs run every op XLA cannot compile (strings, ragged tensors,
  data-dependent shapes), and XLA compiles the whole function or nothing.
- jax: the whole step runs eagerly, without `jax.jit`. `jax.jit` traces the
  entire step as one function of arrays, so a layer that cannot be traced
  cannot stay inside it. Calling such a layer back on the host with
  `jax.pure_callback` would keep the rest compiled, but only for layers
  that hold no variables they update, need no gradient (a callback is
  opaque to autodiff unless it gets a hand-written VJP, which a generic
  layer does not have) and have output shapes known before the call, while
  the layers declared unsupported are mostly the ones whose output shapes
  depend on values. Such a partial scheme would silently change gradients
  and state for the rest, so eager execution is the one behaviour that is
  correct for every layer.
- numpy: nothing is ever compiled.
"""

import warnings

BACKENDS = ("tensorflow", "jax", "torch", "numpy")

# What an explicit `jit_compile=True` does on each backend when some
# layers do not support jit; `warn_unsupported` quotes it.
ACTIONS = {
    "torch": (
        "runs them outside the compiled region with "
        "torch.compiler.disable"
    ),
    "tensorflow": "runs the step as a tf.function without XLA",
    "jax": (
        "runs the whole step eagerly without jax.jit, because jax.jit "
        "cannot leave part of a step uncompiled"
    ),
    "numpy": "runs eagerly (the numpy backend never compiles)",
}


def check_jit_compile(value):
    """Raises `ValueError` unless `value` is a valid `jit_compile`.

    Args:
        value: `True`, `False`, `"auto"` or a dict of compiler options.

    Returns:
        `value` (a dict is copied).

    Example:

    >>> from keras.src.trainers import jit_resolution
    >>> jit_resolution.check_jit_compile("auto")
    'auto'
    """
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, bool) or value == "auto":
        return value
    raise ValueError(
        "`jit_compile` must be True, False, 'auto' or a dict of compiler "
        f"options. Received: jit_compile={value!r}"
    )


def unsupported_layers(model, backend_name):
    """The layers of `model` (itself included) that declare
    `supports_jit[backend_name]` False, each once, in model order.

    Args:
        model: A layer or model.
        backend_name: One of `"tensorflow"`, `"jax"`, `"torch"`,
            `"numpy"`.

    Returns:
        A list of layers.

    Example:

    >>> from keras.src.trainers import jit_resolution
    >>> layer = keras.layers.Dense(2)
    >>> layer.supports_jit = {"jax": False}
    >>> len(jit_resolution.unsupported_layers(layer, "jax"))
    1
    """
    _check_backend(backend_name)
    return [
        layer for layer in model._flatten_layers()
        if not layer.supports_jit.get(backend_name, True)
    ]


def resolve_jit_compile(model, value, backend_name, auto_jit):
    """Resolves `jit_compile` for `model` on `backend_name`.

    `"auto"` compiles when the backend compiles by default (`auto_jit`:
    JAX and TensorFlow do, torch and numpy do not) and every layer
    supports jit. An explicit `True` or dict is kept, except where the
    backend cannot compile around unsupported layers (TensorFlow's XLA
    and JAX's `jit` compile a whole step or nothing): there it becomes
    `False` (see the module docstring). `False` stays `False`; numpy
    always gives `False`.

    Args:
        model: The model (any layer) whose layers are checked.
        value: `True`, `False`, `"auto"` or a dict of compiler options.
        backend_name: One of `"tensorflow"`, `"jax"`, `"torch"`,
            `"numpy"`.
        auto_jit: Whether `"auto"` compiles on this backend when every
            layer supports it.

    Returns:
        `(effective, unsupported)`: what the steps use (`True`, `False` or
        the dict of options) and the list of unsupported layers (always
        computed, so that callers can warn about an explicit request).

    Example:

    >>> from keras.src.trainers import jit_resolution
    >>> model = keras.Sequential([keras.layers.Dense(2)])
    >>> jit_resolution.resolve_jit_compile(model, "auto", "jax", True)
    (True, [])
    """
    value = check_jit_compile(value)
    unsupported = unsupported_layers(model, backend_name)
    if value is False or backend_name == "numpy":
        return False, unsupported
    if value == "auto":
        return bool(auto_jit) and not unsupported, unsupported
    if unsupported and backend_name in ("tensorflow", "jax"):
        return False, unsupported
    return value, unsupported


def warn_unsupported(layers, backend_name, action=None):
    """Emits one warning naming `layers` and what is done instead.

    Does nothing when `layers` is empty.

    Args:
        layers: The layers that do not support jit on `backend_name`.
        backend_name: The backend's name.
        action: What runs instead; defaults to `ACTIONS[backend_name]`.

    Example:

    >>> from keras.src.trainers import jit_resolution
    >>> jit_resolution.warn_unsupported([], "jax")
    """
    if not layers:
        return
    _check_backend(backend_name)
    action = action or ACTIONS[backend_name]
    names = ", ".join(
        f"{type(layer).__name__} '{layer.name}'" for layer in layers
    )
    noun = "layer does" if len(layers) == 1 else "layers do"
    warnings.warn(
        f"`jit_compile=True`: the following {noun} not support jit "
        f"compilation on the {backend_name} backend: {names}. Keras "
        f"{action}.",
        stacklevel=3,
    )


def resolve_and_warn(model, value, backend_name, auto_jit):
    """`resolve_jit_compile`, plus the warning of `warn_unsupported`
    when an explicit `True` or dict meets unsupported layers.

    Args:
        model: The model whose layers are checked.
        value: `True`, `False`, `"auto"` or a dict of compiler options.
        backend_name: The backend's name.
        auto_jit: Whether `"auto"` compiles on this backend.

    Returns:
        What the steps use: `True`, `False` or the dict of options.

    Example:

    >>> from keras.src.trainers import jit_resolution
    >>> model = keras.Sequential([keras.layers.Dense(2)])
    >>> jit_resolution.resolve_and_warn(model, False, "torch", False)
    False
    """
    effective, unsupported = resolve_jit_compile(
        model, value, backend_name, auto_jit
    )
    explicit = value is True or isinstance(value, dict)
    if explicit and backend_name != "numpy":
        warn_unsupported(unsupported, backend_name)
    return effective


def _check_backend(backend_name):
    if backend_name not in BACKENDS:
        raise ValueError(
            f"`backend_name` must be one of {list(BACKENDS)}. "
            f"Received: backend_name={backend_name!r}"
        )
