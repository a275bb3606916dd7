"""`Distiller`: a model that trains a student against labels and a frozen
teacher.

It plugs into the trainer only through public hooks: `call` (the
student's forward pass, so `predict` gives the student's outputs),
`compute_loss` (the weighted sum of the student's loss and the
distillation losses), `compile` (keeps the student's loss out of the
trainer's compiled loss) and `metrics` (adds the three loss trackers).
Every step body of every backend therefore runs it unchanged, compiled or
not.
"""

from keras.src import losses
from keras.src import metrics as metrics_module
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.distillation.distillation_loss import DistillationLoss
from keras.src.distillation.distillation_loss import FeatureDistillation
from keras.src.distillation.distillation_loss import symbolic_model
from keras.src.models.model import Model
from keras.src.saving import serialization_lib
from keras.src.utils import tracking


@keras_export("keras.distillation.Distiller")
class Distiller(Model):
    """A model that distills a teacher model's knowledge into a student.

    Training minimizes
    `student_loss_weight * student_loss
    + (1 - student_loss_weight) * sum(w_i * distillation_loss_i)`,
    where `student_loss` compares the student's outputs with the labels
    (the `loss` given to `compile()`) and each distillation loss compares
    the student with the teacher. The teacher is frozen: only the
    student's weights train. Calling the distiller (and `predict`) runs
    the student. `fit` and `evaluate` report `student_loss`,
    `distillation_loss` (the weighted sum, before the
    `1 - student_loss_weight` factor) and `total_loss` besides `loss`.

    As in Keras, the student's loss is averaged over the batch without
    sample weights, and models' regularization losses are not added.

    Args:
        teacher: a trained `keras.Model`, the source of knowledge. It is
            frozen (`teacher.trainable = False`).
        student: the `keras.Model` to train. Its inputs and final outputs
            must have the teacher's shapes (unknown dimensions match any).
        distillation_losses: a `keras.distillation.DistillationLoss`
            (such as `LogitsDistillation` or `FeatureDistillation`) or a
            list of them.
        distillation_loss_weights: one weight per distillation loss;
            `None` weighs each by `1.0`.
        student_loss_weight: the weight of the student's own loss, between
            `0` and `1`. Defaults to `0.5`.
        name: the model's name. Defaults to `"distiller"`.
        **kwargs: further `keras.Model` arguments (`dtype`, `trainable`).

    Example:

    >>> def mlp(name, units):
    ...     inputs = keras.Input((4,))
    ...     hidden = keras.layers.Dense(units, activation="relu")(inputs)
    ...     return keras.Model(inputs, keras.layers.Dense(3)(hidden),
    ...                        name=name)
    >>> distiller = keras.distillation.Distiller(
    ...     teacher=mlp("teacher", 16), student=mlp("student", 4),
    ...     distillation_losses=keras.distillation.LogitsDistillation(),
    ... )
    >>> distiller.compile(optimizer="adam", loss="mse")
    >>> x, y = np.ones((2, 4)), np.zeros((2, 3))
    >>> loss = distiller.compute_loss(x=x, y=y)
    >>> distiller.predict(x, verbose=0).shape
    (2, 3)
    """

    def __init__(
        self,
        teacher,
        student,
        distillation_losses,
        distillation_loss_weights=None,
        student_loss_weight=0.5,
        name="distiller",
        **kwargs,
    ):
        super().__init__(name=name, **kwargs)
        for role, model in (("teacher", teacher), ("student", student)):
            if not isinstance(model, Model):
                raise ValueError(
                    f"Distiller: `{role}` must be a keras.Model. Received: "
                    f"{role}={model!r} (of type {type(model).__name__})"
                )
        distillation_losses = _as_loss_list(distillation_losses)
        distillation_loss_weights = _check_weights(
            distillation_loss_weights, len(distillation_losses)
        )
        if isinstance(student_loss_weight, bool) or not (
            0.0 <= student_loss_weight <= 1.0
        ):
            raise ValueError(
                "Distiller: `student_loss_weight` must be between 0.0 and "
                f"1.0. Received: student_loss_weight={student_loss_weight}"
            )
        _check_shapes("input", _symbolic(teacher, "inputs"),
                      _symbolic(student, "inputs"))
        _check_shapes("output", _symbolic(teacher, "outputs"),
                      _symbolic(student, "outputs"))
        for loss in distillation_losses:
            loss.validate_model_compatibility(teacher, student)

        teacher.trainable = False
        self.teacher = teacher
        self.student = student
        self.student_loss_weight = student_loss_weight
        # Untracked: the losses hold no state, and the layers keep the
        # lists as given (Keras reports a tuple of weights as a tuple).
        with tracking.DotNotTrackScope():
            self.distillation_losses = distillation_losses
            self.distillation_loss_weights = distillation_loss_weights
            # Models sharing the teacher's (student's) layers that also
            # return the named layers' outputs. Untracked, so the layers
            # and variables are not listed twice.
            self._teacher_features = _feature_model(
                teacher, [loss.teacher_layer_name
                          for loss in distillation_losses
                          if isinstance(loss, FeatureDistillation)]
            )
            self._student_features = _feature_model(
                student, [loss.student_layer_name
                          for loss in distillation_losses
                          if isinstance(loss, FeatureDistillation)]
            )
            # Untracked too: tracked metrics would count among the
            # model's variables; `metrics` lists them instead.
            self.student_loss_tracker = metrics_module.Mean(
                name="student_loss"
            )
            self.distillation_loss_tracker = metrics_module.Mean(
                name="distillation_loss"
            )
            self.total_loss_tracker = metrics_module.Mean(
                name="total_loss"
            )
        self._student_loss = None

    # -- public hooks ---------------------------------------------------------

    def call(self, inputs, training=None, **kwargs):
        """Runs the student.

        Args:
            inputs: the inputs of the student.
            training: whether the student runs in training mode.
            **kwargs: further arguments for the student's call.

        Returns:
            The student's outputs.
        """
        return self.student(inputs, training=training, **kwargs)

    def compile(self, optimizer="adam", loss=None, metrics=None, **kwargs):
        """Configures the distiller for training.

        Args:
            optimizer: an optimizer name or instance (it trains the
                student's weights).
            loss: the student's loss against the labels: a loss name,
                function or `keras.losses.Loss`, or a list or dict of them
                for a multi-output student. Required.
            metrics: metrics of the student's outputs, as for
                `Model.compile()`.
            **kwargs: further `Model.compile()` arguments (`jit_compile`,
                `run_eagerly`, `steps_per_execution`, ...).
        """
        if loss is None:
            raise ValueError(
                "Distiller.compile(): `loss` (the student's loss against "
                "the labels) cannot be `None`. Received: loss=None"
            )
        self._student_loss = tree.map_structure(
            lambda entry: None if entry is None else losses.get(entry), loss
        )
        super().compile(optimizer=optimizer, loss=None, metrics=metrics,
                        **kwargs)
        # So that `compile_from_config` (loading a saved distiller)
        # restores the student's loss too.
        self._compile_config["loss"] = loss

    def compute_loss(
        self, x=None, y=None, y_pred=None, sample_weight=None, training=True
    ):
        """Returns the distillation objective and updates the
        `student_loss`, `distillation_loss` and `total_loss` trackers.

        Args:
            x: the inputs (fed to the teacher, and to the student when
                `y_pred` is `None` or a student layer is distilled).
            y: the labels; `None` leaves out the student's loss.
            y_pred: the student's outputs on `x`; `None` computes them.
            sample_weight: unused, as in Keras.
            training: whether the student runs in training mode when it is
                called here.

        Returns:
            The scalar total loss.
        """
        del sample_weight
        if self._student_loss is None:
            raise ValueError(
                "Distiller: call `compile()` (with the student's `loss`) "
                "before computing the loss."
            )
        if y_pred is None:
            y_pred = self.student(x, training=training)
        zero = ops.zeros((), dtype=self.compute_dtype)

        student_loss = zero
        if self.student_loss_weight > 0 and y is not None:
            student_loss = self._student_loss_value(y, y_pred)

        distillation_loss = zero
        if self.student_loss_weight < 1 and self.distillation_losses:
            teacher_final, teacher_features = _run(
                self.teacher, self._teacher_features, x, False
            )
            teacher_final = tree.map_structure(
                ops.stop_gradient, teacher_final
            )
            teacher_features = {
                k: ops.stop_gradient(v) for k, v in teacher_features.items()
            }
            student_features = {}
            if self._student_features is not None:
                _, student_features = _run(
                    self.student, self._student_features, x, training
                )
            for loss, weight in zip(self.distillation_losses,
                                    self.distillation_loss_weights):
                teacher_out, student_out = teacher_final, y_pred
                if isinstance(loss, FeatureDistillation):
                    if loss.teacher_layer_name is not None:
                        teacher_out = teacher_features[
                            loss.teacher_layer_name
                        ]
                    if loss.student_layer_name is not None:
                        student_out = student_features[
                            loss.student_layer_name
                        ]
                loss.validate_outputs(teacher_out, student_out)
                value = loss.compute_loss(teacher_out, student_out)
                distillation_loss = ops.add(
                    distillation_loss,
                    ops.multiply(ops.cast(value, zero.dtype), weight),
                )

        total_loss = ops.add(
            ops.multiply(student_loss, self.student_loss_weight),
            ops.multiply(distillation_loss, 1.0 - self.student_loss_weight),
        )
        self.student_loss_tracker.update_state(student_loss)
        self.distillation_loss_tracker.update_state(distillation_loss)
        self.total_loss_tracker.update_state(total_loss)
        return total_loss

    @property
    def metrics(self):
        """The compiled metrics, then the `student_loss`,
        `distillation_loss` and `total_loss` trackers."""
        tracked = super().metrics
        own = [self.student_loss_tracker, self.distillation_loss_tracker,
               self.total_loss_tracker]
        return tracked + [m for m in own
                          if not any(m is t for t in tracked)]

    def reset_metrics(self):
        """Resets the compiled metrics and the three loss trackers."""
        for metric in self.metrics:
            metric.reset_state()

    # -- serialization --------------------------------------------------------

    def get_config(self):
        config = super().get_config()
        config["dtype"] = serialization_lib.serialize_keras_object(
            self.dtype_policy
        )
        config.update({
            "teacher": serialization_lib.serialize_keras_object(
                self.teacher
            ),
            "student": serialization_lib.serialize_keras_object(
                self.student
            ),
            "distillation_losses": [
                serialization_lib.serialize_keras_object(loss)
                for loss in self.distillation_losses
            ],
            "distillation_loss_weights": self.distillation_loss_weights,
            "student_loss_weight": self.student_loss_weight,
        })
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        for key in ("teacher", "student", "dtype"):
            if isinstance(config.get(key), dict):
                config[key] = serialization_lib.deserialize_keras_object(
                    config[key], custom_objects=custom_objects
                )
        config["distillation_losses"] = [
            serialization_lib.deserialize_keras_object(
                loss, custom_objects=custom_objects
            )
            for loss in config.get("distillation_losses") or []
        ]
        return cls(**config)

    # -- helpers --------------------------------------------------------------

    def _student_loss_value(self, y, y_pred):
        single = not tree.is_nested(self._student_loss)
        loss_fns = (
            [self._student_loss] if single
            else tree.flatten(self._student_loss)
        )
        y_leaves = tree.flatten(y)
        pred_leaves = tree.flatten(y_pred)
        if not len(loss_fns) == len(y_leaves) == len(pred_leaves):
            raise ValueError(
                f"Distiller: the student's loss has {len(loss_fns)} "
                f"entries, the labels {len(y_leaves)} and the student's "
                f"outputs {len(pred_leaves)}; give one loss per output."
            )
        total = None
        for fn, target, pred in zip(loss_fns, y_leaves, pred_leaves):
            if fn is None:
                continue
            value = ops.cast(ops.mean(fn(target, pred)), self.compute_dtype)
            total = value if total is None else ops.add(total, value)
        if total is None:
            total = ops.zeros((), dtype=self.compute_dtype)
        return total


def _as_loss_list(distillation_losses):
    if distillation_losses is None:
        raise ValueError(
            "Distiller: `distillation_losses` cannot be `None`. Give a "
            "distillation loss (such as `LogitsDistillation()` or "
            "`FeatureDistillation()`) or a list of them."
        )
    if isinstance(distillation_losses, (list, tuple)):
        distillation_losses = list(distillation_losses)
    else:
        distillation_losses = [distillation_losses]
    for loss in distillation_losses:
        if not isinstance(loss, DistillationLoss):
            raise TypeError(
                "Distiller: every entry of `distillation_losses` must be a "
                "`keras.distillation.DistillationLoss`. Received: "
                f"{loss!r} (of type {type(loss).__name__})"
            )
    return distillation_losses


def _check_weights(weights, count):
    if weights is None:
        return [1.0] * count
    if not isinstance(weights, (list, tuple)):
        raise TypeError(
            "Distiller: `distillation_loss_weights` must be a list of "
            f"numbers or None. Received: {weights!r}"
        )
    if len(weights) != count:
        raise ValueError(
            "Distiller: `distillation_loss_weights` needs one weight per "
            f"distillation loss: expected {count}, received "
            f"{len(weights)} ({weights!r})."
        )
    return weights


def _symbolic(model, attribute):
    """The model's symbolic inputs or outputs, or `None` (subclassed or
    unbuilt models, whose shapes are only known once called)."""
    if not symbolic_model(model):
        return None
    return tree.flatten(getattr(model, attribute))


def _check_shapes(what, teacher_tensors, student_tensors):
    if teacher_tensors is None or student_tensors is None:
        return
    teacher_shapes = [tuple(t.shape) for t in teacher_tensors]
    student_shapes = [tuple(t.shape) for t in student_tensors]

    def shown(shapes):
        return shapes[0] if len(shapes) == 1 else shapes

    if len(teacher_shapes) != len(student_shapes):
        raise ValueError(
            f"Distiller: the teacher has {len(teacher_shapes)} {what}s and "
            f"the student {len(student_shapes)}. Teacher: "
            f"{shown(teacher_shapes)}, student: {shown(student_shapes)}."
        )
    for t_shape, s_shape in zip(teacher_shapes, student_shapes):
        if len(t_shape) != len(s_shape):
            raise ValueError(
                f"Distiller: teacher and student {what} shapes have "
                f"different ranks. Teacher: {shown(teacher_shapes)}, "
                f"student: {shown(student_shapes)}."
            )
        if any(a is not None and b is not None and a != b
               for a, b in zip(t_shape, s_shape)):
            raise ValueError(
                f"Distiller: teacher and student {what} shapes are "
                f"incompatible; every known dimension must match. Teacher: "
                f"{shown(teacher_shapes)}, student: {shown(student_shapes)}."
            )


def _feature_model(model, layer_names):
    """A model sharing `model`'s layers that returns its final outputs,
    then the named layers' outputs (a flat list), or `None` when no layer
    is named."""
    layer_names = sorted({n for n in layer_names if n is not None})
    if not layer_names:
        return None
    outputs = list(model.outputs) + [
        model.get_layer(layer_name).output for layer_name in layer_names
    ]
    feature_model = Model(model.inputs, outputs,
                          name=f"{model.name}_features")
    return feature_model, layer_names


def _run(model, features, x, training):
    """`(final outputs, {layer name: output})` of `model` on `x`."""
    if features is None:
        return model(x, training=training), {}
    feature_model, layer_names = features
    results = tree.flatten(feature_model(x, training=training))
    count = len(results) - len(layer_names)
    final = tree.pack_sequence_as(model.output, results[:count])
    return final, dict(zip(layer_names, results[count:]))
