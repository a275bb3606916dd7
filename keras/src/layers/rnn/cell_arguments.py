"""The arguments every built-in recurrent cell and layer shares
(`SimpleRNNCell`, `LSTMCell`, `GRUCell` and their layers): checked and
stored once here instead of in each cell."""

from keras.src import activations
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.random.seed_generator import SeedGenerator

# The weight arguments, each with its family (for get/serialize).
WEIGHT_ARGUMENTS = (
    ("kernel_initializer", initializers),
    ("recurrent_initializer", initializers),
    ("bias_initializer", initializers),
    ("kernel_regularizer", regularizers),
    ("recurrent_regularizer", regularizers),
    ("bias_regularizer", regularizers),
    ("kernel_constraint", constraints),
    ("recurrent_constraint", constraints),
    ("bias_constraint", constraints),
)


def set_cell_arguments(cell, units, activation, use_bias, dropout,
                       recurrent_dropout, seed, recurrent_activation=None,
                       **weight_arguments):
    """Checks and stores the shared arguments on `cell`."""
    if (isinstance(units, bool) or not isinstance(units, int)
            or units <= 0):
        raise ValueError(
            "Received an invalid value for argument `units`, expected a "
            f"positive integer, got {units!r}."
        )
    cell.units = units
    cell.activation = activations.get(activation)
    if recurrent_activation is not None:
        cell.recurrent_activation = activations.get(recurrent_activation)
    cell.use_bias = use_bias
    for name, family in WEIGHT_ARGUMENTS:
        setattr(cell, name, family.get(weight_arguments.pop(name)))
    if weight_arguments:
        raise TypeError(
            f"{type(cell).__name__}: unexpected arguments "
            f"{sorted(weight_arguments)}"
        )
    # Rates outside [0, 1] are clipped, as Keras does.
    cell.dropout = min(1.0, max(0.0, float(dropout)))
    cell.recurrent_dropout = min(1.0, max(0.0, float(recurrent_dropout)))
    cell.seed = seed
    cell.seed_generator = SeedGenerator(seed=seed)


def cell_config(cell, *names):
    """The config entries `names` of `cell`, serialized."""
    families = dict(WEIGHT_ARGUMENTS, activity_regularizer=regularizers)
    config = {}
    for name in names:
        value = getattr(cell, name)
        if name in ("activation", "recurrent_activation"):
            value = activations.serialize(value)
        elif name in families:
            value = families[name].serialize(value)
        config[name] = value
    return config


def weight_config_names(with_activity_regularizer=False):
    """The names of the weight arguments in Keras's config order."""
    names = [n for n, _ in WEIGHT_ARGUMENTS]
    if with_activity_regularizer:
        names.insert(6, "activity_regularizer")
    return names


def cell_property(name):
    """A read-only layer property returning its cell's `name`."""
    return property(
        lambda layer: getattr(layer.cell, name),
        doc=f"The cell's `{name}`.",
    )


def check_use_cudnn(use_cudnn):
    """Raises a `ValueError` unless `use_cudnn` is "auto", True or
    False."""
    if use_cudnn not in ("auto", True, False):
        raise ValueError(
            "Invalid valid received for argument `use_cudnn`. Expected "
            "one of {'auto', True, False}. "
            f"Received: use_cudnn={use_cudnn}"
        )
    return use_cudnn


def no_fused_kernel_error():
    """The error of `use_cudnn=True` where no fused kernel applies."""
    return ValueError(
        "use_cudnn=True was specified, but cuDNN is not supported for this "
        "layer configuration with this backend. Pass use_cudnn='auto' to "
        "fallback to a non-cuDNN implementation."
    )


def compute_weights(cell, dtype):
    """`[kernel, recurrent_kernel, bias or None]` of `cell` as tensors of
    `dtype` (the inputs' dtype: float16 under a mixed policy), for the
    fused kernels, which take one dtype."""
    weights = [cell.kernel, cell.recurrent_kernel, cell.bias]
    return [None if w is None else ops.cast(w.value, dtype)
            for w in weights]
