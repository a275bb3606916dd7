"""Distillation losses: how a student's outputs are compared with a
teacher's.

`DistillationLoss` is the base class a `Distiller` calls; the two built-in
variants, `LogitsDistillation` (final outputs, softened by a temperature)
and `FeatureDistillation` (final or intermediate layer outputs), share the
per-output loss handling below. Keras keeps the three in this module, so
code that imports `keras.src.distillation.distillation_loss` finds them.

A loss argument may be one loss or a structure (list or dict) of losses,
one per output, where `None` skips an output; each output's loss is
averaged over the batch and the per-output values are summed.
"""

import numbers

from keras.src import losses
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.saving import serialization_lib


def _resolve_losses(owner, loss, message):
    """`loss` with every identifier turned into a loss callable; raises
    when no entry is left."""
    resolved = tree.map_structure(
        lambda entry: None if entry is None else losses.get(entry), loss
    )
    if all(entry is None for entry in tree.flatten(resolved)):
        raise ValueError(f"{owner}: {message} Received: loss={loss!r}")
    return resolved


def _serialize_losses(loss):
    return tree.map_structure(
        lambda entry: (
            None if entry is None
            else serialization_lib.serialize_keras_object(entry)
        ),
        loss,
    )


def _deserialize_losses(config):
    if config is None:
        return None
    if isinstance(config, (list, tuple)):
        return type(config)(_deserialize_losses(c) for c in config)
    if isinstance(config, dict) and "class_name" not in config:
        return {k: _deserialize_losses(v) for k, v in config.items()}
    return serialization_lib.deserialize_keras_object(config)


def _structure_error(owner, what, expected, received):
    return ValueError(
        f"{owner}: {what}. Expected {expected}; received {received}."
    )


def _leaves(owner, structure, single, role):
    """The tensors of `structure` as a list. With `single`, a structure
    holding more than one tensor is an error (one loss given for several
    outputs)."""
    if not tree.is_nested(structure):
        return [structure]
    leaves = tree.flatten(structure)
    if single and len(leaves) != 1:
        raise _structure_error(
            owner,
            f"one loss was given but the {role} outputs hold "
            f"{len(leaves)} tensors",
            "a single tensor, or a list/dict of losses (one per output, "
            "`None` to skip one)",
            f"{len(leaves)} {role} outputs",
        )
    return leaves


def _loss_pairs(owner, loss, teacher_outputs, student_outputs):
    """`[(loss_fn, teacher_tensor, student_tensor), ...]` for the outputs
    whose loss is not `None`."""
    single = not tree.is_nested(loss)
    loss_fns = [loss] if single else tree.flatten(loss)
    teacher = _leaves(owner, teacher_outputs, single, "teacher")
    student = _leaves(owner, student_outputs, single, "student")
    if not len(loss_fns) == len(teacher) == len(student):
        raise _structure_error(
            owner,
            "the loss structure does not match the outputs",
            f"one loss per output ({len(loss_fns)} losses)",
            f"{len(teacher)} teacher and {len(student)} student outputs",
        )
    return [
        (fn, t, s)
        for fn, t, s in zip(loss_fns, teacher, student)
        if fn is not None
    ]


def _summed_mean_losses(owner, loss, teacher_outputs, student_outputs):
    total = None
    for fn, t, s in _loss_pairs(
        owner, loss, teacher_outputs, student_outputs
    ):
        value = ops.mean(fn(t, s))
        total = value if total is None else ops.add(total, value)
    return total


def _check_same_structure(owner, teacher_outputs, student_outputs):
    t_nested = tree.is_nested(teacher_outputs)
    s_nested = tree.is_nested(student_outputs)
    t_count = len(tree.flatten(teacher_outputs)) if t_nested else 1
    s_count = len(tree.flatten(student_outputs)) if s_nested else 1
    if t_nested != s_nested or t_count != s_count:
        raise _structure_error(
            owner,
            "teacher and student outputs have different structures",
            "the same structure for both",
            f"teacher outputs {_describe(teacher_outputs)} and student "
            f"outputs {_describe(student_outputs)}",
        )


def _describe(structure):
    if not tree.is_nested(structure):
        return f"of shape {tuple(getattr(structure, 'shape', ()))}"
    return f"{type(structure).__name__} of {len(tree.flatten(structure))}"


def symbolic_model(model):
    """Whether `model` has symbolic inputs and outputs (a functional or
    built sequential model), so its layers' outputs can be reached."""
    try:
        return bool(model.inputs) and bool(model.outputs)
    except (AttributeError, ValueError):
        return False


@keras_export("keras.distillation.DistillationLoss")
class DistillationLoss:
    """Base class of the losses a `keras.distillation.Distiller` applies
    between its teacher's and its student's outputs.

    Subclasses implement `compute_loss(teacher_outputs, student_outputs)`;
    they may also override `validate_outputs` (called on every step before
    `compute_loss`) and `validate_model_compatibility` (called once, when
    the `Distiller` is created).

    Example:

    >>> class MeanGap(keras.distillation.DistillationLoss):
    ...     def compute_loss(self, teacher_outputs, student_outputs,
    ...                      **kwargs):
    ...         gap = keras.ops.subtract(teacher_outputs, student_outputs)
    ...         return keras.ops.mean(keras.ops.abs(gap))
    >>> loss = MeanGap().compute_loss(np.ones((2, 3)), np.zeros((2, 3)))
    >>> float(loss)
    1.0
    """

    def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
        """Returns the distillation loss between the two models' outputs.

        Args:
            teacher_outputs: the teacher's outputs (a tensor, or a list or
                dict of tensors for several outputs).
            student_outputs: the student's outputs, structured likewise.
            **kwargs: extra arguments for custom losses.

        Returns:
            A scalar loss tensor.
        """
        raise NotImplementedError(
            f"{type(self).__name__} subclasses `DistillationLoss` and must "
            "implement `compute_loss(teacher_outputs, student_outputs, "
            "**kwargs)`."
        )

    def validate_outputs(self, teacher_outputs, student_outputs):
        """Raises a `ValueError` when the teacher's and the student's
        outputs do not have the same structure.

        Args:
            teacher_outputs: the teacher's outputs.
            student_outputs: the student's outputs.
        """
        _check_same_structure(
            type(self).__name__, teacher_outputs, student_outputs
        )

    def validate_model_compatibility(self, teacher, student):
        """Raises a `ValueError` when this loss cannot be used with these
        models. The base class accepts any pair.

        Args:
            teacher: the teacher model.
            student: the student model.
        """
        del teacher, student


@keras_export("keras.distillation.LogitsDistillation")
class LogitsDistillation(DistillationLoss):
    """Distillation loss on the models' final outputs (logits), both
    divided by a temperature.

    The loss compares `teacher_logits / temperature` with
    `student_logits / temperature`: a higher temperature softens both
    before the comparison. As in Keras, the loss function receives the
    scaled logits themselves (no softmax is applied), and the result is not
    rescaled by `temperature ** 2`.

    Args:
        temperature: positive number dividing both models' logits.
            Defaults to `3.0`.
        loss: the comparison: a loss name (`"kl_divergence"`,
            `"categorical_crossentropy"`, ...), a function or a
            `keras.losses.Loss`, or a list or dict of those (one per output
            of multi-output models, `None` to skip an output). At least one
            entry must be a loss. Defaults to `"kl_divergence"`.

    Example:

    >>> loss = keras.distillation.LogitsDistillation(temperature=2.0,
    ...                                              loss="mse")
    >>> teacher_logits = np.array([[2.0, 4.0]])
    >>> student_logits = np.array([[0.0, 2.0]])
    >>> float(loss.compute_loss(teacher_logits, student_logits))
    1.0
    """

    def __init__(self, temperature=3.0, loss="kl_divergence"):
        if isinstance(temperature, bool) or not isinstance(
            temperature, numbers.Real
        ):
            raise ValueError(
                "LogitsDistillation: `temperature` must be a number. "
                f"Received: temperature={temperature!r} (of type "
                f"{type(temperature).__name__})"
            )
        if temperature <= 0:
            raise ValueError(
                "LogitsDistillation: `temperature` must be positive. "
                f"Received: temperature={temperature}"
            )
        self.temperature = temperature
        self.loss = _resolve_losses(
            "LogitsDistillation", loss,
            "at least one entry of `loss` must be a loss, not `None`.",
        )

    def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
        """Returns the summed, batch-averaged loss between the
        temperature-scaled outputs.

        Args:
            teacher_outputs: the teacher's logits (or a structure of them).
            student_outputs: the student's logits, structured likewise.
            **kwargs: unused.

        Returns:
            A scalar loss tensor.
        """
        del kwargs

        def scale(logits):
            return ops.divide(logits, self.temperature)

        return _summed_mean_losses(
            "LogitsDistillation",
            self.loss,
            tree.map_structure(scale, teacher_outputs),
            tree.map_structure(scale, student_outputs),
        )

    def validate_outputs(self, teacher_outputs, student_outputs):
        """Raises a `ValueError` when the outputs' structures differ from
        each other or from the structure of `loss`."""
        super().validate_outputs(teacher_outputs, student_outputs)
        _loss_pairs(
            "LogitsDistillation", self.loss, teacher_outputs,
            student_outputs,
        )

    def get_config(self):
        return {
            "temperature": self.temperature,
            "loss": _serialize_losses(self.loss),
        }

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config["loss"] = _deserialize_losses(config.get("loss"))
        return cls(**config)


@keras_export("keras.distillation.FeatureDistillation")
class FeatureDistillation(DistillationLoss):
    """Distillation loss between the outputs of a teacher layer and a
    student layer (the final outputs by default).

    Naming a layer needs a functional or sequential model with known
    inputs, so the `Distiller` can reach that layer's output.

    Args:
        loss: the comparison: a loss name (`"mse"`, `"mae"`,
            `"cosine_similarity"`, ...), a function or a
            `keras.losses.Loss`, or a list or dict of those (one per output,
            `None` to skip an output). At least one entry must be a loss.
            Defaults to `"mse"`.
        teacher_layer_name: the name of the teacher layer whose output is
            distilled, or `None` for the teacher's final outputs.
        student_layer_name: the name of the student layer trained to match
            it, or `None` for the student's final outputs.

    Example:

    >>> loss = keras.distillation.FeatureDistillation(loss="mae")
    >>> float(loss.compute_loss(np.ones((2, 4)), np.zeros((2, 4))))
    1.0
    """

    def __init__(
        self, loss="mse", teacher_layer_name=None, student_layer_name=None
    ):
        for name, value in (("teacher_layer_name", teacher_layer_name),
                            ("student_layer_name", student_layer_name)):
            if value is not None and not isinstance(value, str):
                raise TypeError(
                    f"FeatureDistillation: `{name}` must be a layer name "
                    f"(a string) or None. Received: {name}={value!r}"
                )
        self.teacher_layer_name = teacher_layer_name
        self.student_layer_name = student_layer_name
        self.loss = _resolve_losses(
            "FeatureDistillation", loss,
            "the `loss` argument must contain at least one non-`None` "
            "value.",
        )

    def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
        """Returns the summed, batch-averaged loss between the features.

        Args:
            teacher_outputs: the teacher's features (or a structure).
            student_outputs: the student's features, structured likewise.
            **kwargs: unused.

        Returns:
            A scalar loss tensor.
        """
        del kwargs
        return _summed_mean_losses(
            "FeatureDistillation", self.loss, teacher_outputs,
            student_outputs,
        )

    def validate_outputs(self, teacher_outputs, student_outputs):
        """Raises a `ValueError` when the features' structures differ from
        each other or from the structure of `loss`."""
        super().validate_outputs(teacher_outputs, student_outputs)
        _loss_pairs(
            "FeatureDistillation", self.loss, teacher_outputs,
            student_outputs,
        )

    def validate_model_compatibility(self, teacher, student):
        """Raises a `ValueError` when a named layer cannot be reached: the
        model has no symbolic inputs (a subclassed or unbuilt model), or
        holds no layer of that name."""
        named = [
            (role, model, layer_name)
            for role, model, layer_name in (
                ("teacher", teacher, self.teacher_layer_name),
                ("student", student, self.student_layer_name),
            )
            if layer_name is not None
        ]
        opaque = [role for role, model, _ in named
                  if not symbolic_model(model)]
        if opaque:
            raise ValueError(
                "FeatureDistillation: naming a layer needs a functional or "
                "sequential model with known inputs, but the "
                f"{' and '.join(opaque)} "
                f"{'models have' if len(opaque) > 1 else 'model has'} no "
                "symbolic inputs and outputs (a subclassed model, or a "
                "sequential model without an `Input`). Use such a model, "
                "leave the layer names `None` "
                "to distill final outputs, or use `LogitsDistillation`."
            )
        for role, model, layer_name in named:
            names = [layer.name for layer in model.layers]
            if layer_name not in names:
                raise ValueError(
                    f"FeatureDistillation: the {role} model "
                    f"'{model.name}' has no layer named '{layer_name}'. "
                    f"Its layers are: {names}."
                )

    def get_config(self):
        return {
            "loss": _serialize_losses(self.loss),
            "teacher_layer_name": self.teacher_layer_name,
            "student_layer_name": self.student_layer_name,
        }

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config["loss"] = _deserialize_losses(config.get("loss"))
        return cls(**config)
