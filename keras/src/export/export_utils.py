"""Input signatures for export: what an exported endpoint accepts.

An endpoint's signature is a structure (the model's input structure) of
specs. Users give `keras.InputSpec`s, `KerasTensor`s or `tf.TensorSpec`s;
the archive turns them all into `tf.TensorSpec`s (`make_tf_tensor_spec`)
before handing them to the backend, so the backends see one kind only.
"""

from keras.src import backend
from keras.src import tree
from keras.src.layers.input_spec import InputSpec
from keras.src.utils.module_utils import tensorflow as tf


def _is_tf_spec(x):
    return (
        tf.available
        and "tensorflow" in type(x).__module__
        and isinstance(x, tf.TensorSpec)
    )


def _is_spec_leaf(x):
    return isinstance(x, (InputSpec, backend.KerasTensor)) or _is_tf_spec(x)


def get_input_signature(model):
    """Returns the input signature of a built model, as `InputSpec`s.

    Functional and Sequential models give their inputs' structure; other
    models give the shapes they were built (or first called) with. The
    batch axis is always left free (`None`).

    Args:
        model: a built Keras `Model` (or `Layer`).

    Returns:
        A structure of `keras.InputSpec`: a list of one spec per positional
        input for most models, or the dict/list structure of a functional
        model's inputs, wrapped in a list.

    Raises:
        ValueError: when the model has not been built yet.

    Example:

    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> from keras.src.export import export_utils
    >>> export_utils.get_input_signature(model)[0].shape
    (None, 3)
    """
    if not getattr(model, "built", False):
        raise ValueError(
            "The model provided has not yet been built. It must be built "
            "before export. Call it on data or build it with "
            "`model.build(input_shape)` first."
        )
    inputs = _functional_inputs(model)
    if inputs is not None:
        spec = tree.map_structure(make_input_spec, inputs)
        # A functional model called on a dict or a list of several inputs
        # takes that structure as one positional argument.
        if isinstance(inputs, (list, tuple)) and len(inputs) == 1:
            return [spec[0]]
        return [spec]
    shapes = getattr(model, "_build_shapes", None)
    if not shapes:
        raise ValueError(
            f"Cannot infer the input signature of {model.__class__.__name__}"
            f" '{model.name}': it was built without recorded input shapes. "
            "Pass `input_signature` explicitly, e.g. "
            "`input_signature=[keras.InputSpec(shape=(None, 3), "
            "dtype='float32')]`."
        )
    dtype = getattr(model, "input_dtype", None) or backend.floatx()
    return [
        InputSpec(shape=_free_batch(shape), dtype=dtype)
        for shape in shapes.values()
    ]


def _functional_inputs(model):
    inputs = getattr(model, "_inputs_struct", None)
    if inputs is not None:
        return inputs
    if hasattr(model, "_require_functional"):  # Sequential
        try:
            return model.inputs
        except (ValueError, AttributeError):
            return None
    return None


def _free_batch(shape):
    shape = tuple(shape)
    if not shape:
        return shape
    return (None,) + tuple(shape[1:])


def make_input_spec(x):
    """Returns a `keras.InputSpec` describing `x`.

    Args:
        x: a `keras.InputSpec`, a `KerasTensor`, a `tf.TensorSpec` or a
            backend tensor. The batch axis of a tensor is left free.

    Returns:
        A `keras.InputSpec` with `shape`, `dtype` and, when known, `name`.

    Raises:
        TypeError: for anything else.

    Example:

    >>> from keras.src.export import export_utils
    >>> spec = export_utils.make_input_spec(keras.Input((4,), name="x"))
    >>> spec.shape, spec.dtype, spec.name
    ((None, 4), 'float32', 'x')
    """
    if isinstance(x, InputSpec):
        if x.shape is None or x.dtype is None:
            raise ValueError(
                "The `InputSpec`s of an export signature need both a "
                f"`shape` and a `dtype`. Received: {x}"
            )
        return x
    if isinstance(x, backend.KerasTensor):
        return InputSpec(
            shape=x.shape, dtype=x.dtype, name=getattr(x, "name", None)
        )
    if _is_tf_spec(x):
        return InputSpec(
            shape=tuple(x.shape.as_list()) if x.shape.rank is not None
            else None,
            dtype=x.dtype.name, name=x.name,
        )
    if backend.is_tensor(x) or hasattr(x, "shape") and hasattr(x, "dtype"):
        return InputSpec(
            shape=_free_batch(x.shape),
            dtype=backend.standardize_dtype(x.dtype),
        )
    raise TypeError(
        "Unsupported input spec: expected a `keras.InputSpec`, a "
        "`KerasTensor`, a `tf.TensorSpec` or a tensor. Received "
        f"{x!r} of type {type(x).__name__}."
    )


def make_tf_tensor_spec(x, dynamic_batch=False):
    """Returns a `tf.TensorSpec` for `x`.

    Args:
        x: a `tf.TensorSpec`, a `keras.InputSpec`, a `KerasTensor` or a
            tensor.
        dynamic_batch: whether to make the first axis free (`None`).

    Returns:
        A `tf.TensorSpec` (the same object when `x` already is one and
        nothing changes).

    Example:

    >>> from keras.src.export import export_utils
    >>> spec = keras.InputSpec(shape=(None, 3), dtype="float32", name="a")
    >>> export_utils.make_tf_tensor_spec(spec)
    TensorSpec(shape=(None, 3), dtype=tf.float32, name='a')
    """
    if _is_tf_spec(x):
        if not dynamic_batch or x.shape.rank in (None, 0):
            return x
        shape = [None] + x.shape.as_list()[1:]
        return tf.TensorSpec(shape, x.dtype, name=x.name)
    spec = make_input_spec(x)
    shape = spec.shape
    if dynamic_batch and shape:
        shape = (None,) + tuple(shape[1:])
    return tf.TensorSpec(shape, dtype=spec.dtype, name=spec.name)


def convert_spec_to_tensor(spec, replace_none_number=None):
    """Returns a tensor of zeros matching `spec`.

    Args:
        spec: a `keras.InputSpec`, `KerasTensor` or `tf.TensorSpec`.
        replace_none_number: the size used for free (`None`) axes
            (default 1).

    Returns:
        A backend tensor of zeros of the spec's shape and dtype.

    Example:

    >>> from keras.src.export import export_utils
    >>> spec = keras.InputSpec(shape=(None, 3), dtype="float32")
    >>> tuple(export_utils.convert_spec_to_tensor(spec, 2).shape)
    (2, 3)
    """
    spec = make_input_spec(spec)
    size = 1 if replace_none_number is None else int(replace_none_number)
    shape = tuple(size if d is None else d for d in spec.shape)
    return backend.numpy.zeros(shape, dtype=spec.dtype)


def normalize_signature(input_signature):
    """Returns `input_signature` as a list of `tf.TensorSpec` structures.

    Args:
        input_signature: a spec or a list/tuple of (nested) specs.

    Returns:
        A list, one (nested) structure of `tf.TensorSpec` per positional
        argument of the endpoint.
    """
    if _is_spec_leaf(input_signature) or isinstance(input_signature, dict):
        input_signature = [input_signature]
    if not isinstance(input_signature, (list, tuple)):
        raise TypeError(
            "`input_signature` must be a list of specs (`keras.InputSpec`, "
            "`tf.TensorSpec` or `KerasTensor`), one per argument of the "
            f"function. Received: {input_signature!r}"
        )
    return [
        tree.map_structure(make_tf_tensor_spec, arg)
        for arg in input_signature
    ]
