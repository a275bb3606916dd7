import os

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import backend
from keras.src import testing
from keras.src.distillation.distillation_loss import DistillationLoss
from keras.src.distillation.distillation_loss import FeatureDistillation
from keras.src.distillation.distillation_loss import LogitsDistillation
from keras.src.distillation.distiller import Distiller

X = np.arange(24, dtype="float32").reshape(6, 4) / 10.0
Y = np.array([0, 1, 2, 0, 1, 2])

# The numbers below were recorded from upstream Keras 3.15.1 (the black-box
# oracle): `KERAS_BACKEND=jax /opt/keras-oracle/bin/python script.py` (the
# same numbers come out with KERAS_BACKEND=torch), where script.py defines
# `_mlp` as below and X, Y as above, then runs
#   d = Distiller(_mlp("teacher", 4, 0.1), _mlp("student", 4, 0.03),
#                 [LogitsDistillation(temperature=3.0),
#                  FeatureDistillation(teacher_layer_name="teacher_hidden",
#                                      student_layer_name="student_hidden")],
#                 distillation_loss_weights=[0.7, 0.3],
#                 student_loss_weight=0.25)
#   d.compile(optimizer=keras.optimizers.SGD(0.05), metrics=["accuracy"],
#             loss=SparseCategoricalCrossentropy(from_logits=True))
#   print(d.fit(X, Y, epochs=2, batch_size=3, shuffle=False).history)
#   print(d.evaluate(X, Y, batch_size=3, return_dict=True))
#   print(d.predict(X[:2]))
# rounded to 7 decimals.
ORACLE_MIXED_HISTORY = {
    "accuracy": [0.3333333, 0.3333333],
    "distillation_loss": [0.1818403, 0.0627021],
    "loss": [0.4110295, 0.3216528],
    "student_loss": [1.0985972, 1.0985047],
    "total_loss": [0.4110295, 0.3216528],
}
ORACLE_MIXED_EVALUATE = {
    "accuracy": 0.3333333,
    "distillation_loss": 0.0351903,
    "loss": 0.3009917,
    "student_loss": 1.0983961,
    "total_loss": 0.3009917,
}
ORACLE_MIXED_PREDICT = [
    [0.1440801, 0.1441679, 0.1442566],
    [0.1590907, 0.1595035, 0.1599172],
]
# Same oracle, without training: teacher _mlp("teacher", 4, 0.1), student
# _mlp("student", 4, 0.05), the two losses above with
# LogitsDistillation(temperature=2.0), d.compile(optimizer="sgd",
# loss="mse"), then print(d.compute_loss(x=X, y=np.eye(3)[Y], y_pred=d(X)))
# for each (student_loss_weight, distillation_loss_weights) -> total:
ORACLE_COMPUTE_LOSS = [
    (0.5, None, 0.3798566460609436),
    (0.3, [2.0, 0.5], 0.6523714065551758),
    (0.0, [1.0, 1.0], 0.454183965921402),
    (1.0, [1.0, 1.0], 0.30552932620048523),
]


def _mlp(name, units, value):
    initializer = keras.initializers.Constant(value)
    inputs = keras.Input((4,), name=f"{name}_in")
    hidden = keras.layers.Dense(
        units, activation="relu", kernel_initializer=initializer,
        name=f"{name}_hidden",
    )(inputs)
    outputs = keras.layers.Dense(
        3, kernel_initializer=initializer, name=f"{name}_out"
    )(hidden)
    return keras.Model(inputs, outputs, name=name)


def _jit(jit_compile):
    if jit_compile and backend.backend() == "torch":
        # Captures the step as inductor would, without its C++ compile.
        return {"backend": "aot_eager", "fullgraph": True}
    return jit_compile


class MeanGap(DistillationLoss):
    def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
        return keras.ops.mean(teacher_outputs - student_outputs)


class DistillerTest(testing.TestCase):
    def _mixed(self, **kwargs):
        return Distiller(
            _mlp("teacher", 4, 0.1),
            _mlp("student", 4, kwargs.pop("student_value", 0.05)),
            [LogitsDistillation(temperature=kwargs.pop("temperature", 2.0)),
             FeatureDistillation(teacher_layer_name="teacher_hidden",
                                 student_layer_name="student_hidden")],
            **kwargs,
        )

    def test_teacher_is_frozen(self):
        teacher, student = _mlp("teacher", 8, 0.1), _mlp("student", 4, 0.1)
        distiller = Distiller(teacher, student, LogitsDistillation())
        self.assertFalse(teacher.trainable)
        self.assertEqual(
            [v.path for v in distiller.trainable_variables],
            [v.path for v in student.trainable_variables],
        )
        self.assertEqual(
            [v.path for v in distiller.non_trainable_variables],
            [v.path for v in teacher.weights],
        )
        self.assertEqual([layer.name for layer in distiller.layers],
                         ["teacher", "student"])
        self.assertAllClose(distiller(X), student(X))
        self.assertEqual(distiller.distillation_loss_weights, [1.0])
        self.assertEqual(distiller.metrics_names,
                         ["student_loss", "distillation_loss",
                          "total_loss"])

    @parameterized.parameters(*ORACLE_COMPUTE_LOSS)
    def test_compute_loss_matches_keras(self, student_weight, weights,
                                        expected):
        distiller = self._mixed(distillation_loss_weights=weights,
                                student_loss_weight=student_weight)
        distiller.compile(optimizer="sgd", loss="mse")
        labels = np.eye(3, dtype="float32")[Y]
        loss = distiller.compute_loss(x=X, y=labels, y_pred=distiller(X))
        self.assertAllClose(loss, expected, atol=1e-5)
        results = {m.name: m.result() for m in distiller.metrics[1:]}
        self.assertAllClose(results["total_loss"], expected, atol=1e-5)
        # The distillation loss is reported before `1 - weight`, and a
        # part whose weight is zero is left out (reported as 0).
        if student_weight == 0.0:
            self.assertAllClose(results["student_loss"], 0.0)
        if student_weight == 1.0:
            self.assertAllClose(results["distillation_loss"], 0.0)
        distiller.reset_metrics()
        self.assertAllClose(distiller.total_loss_tracker.result(), 0.0)

    def test_compute_loss_without_labels_or_predictions(self):
        distiller = Distiller(_mlp("teacher", 4, 0.1),
                              _mlp("student", 4, 0.05),
                              LogitsDistillation(temperature=2.0))
        distiller.compile(optimizer="sgd", loss="mse")
        labels = np.eye(3, dtype="float32")[Y]
        # Recorded from the oracle like ORACLE_COMPUTE_LOSS: without `y`
        # only the distillation half counts; without `y_pred` the student
        # runs on `x`.
        self.assertAllClose(distiller.compute_loss(x=X, y=None,
                                                   y_pred=distiller(X)),
                            0.19130865, atol=1e-5)
        self.assertAllClose(distiller.compute_loss(x=X, y=labels),
                            0.3440732955932617, atol=1e-5)
        # Sample weights are not applied, as in Keras.
        self.assertAllClose(
            distiller.compute_loss(x=X, y=labels,
                                   sample_weight=np.zeros((6,))),
            0.3440732955932617, atol=1e-5,
        )

    @parameterized.named_parameters(("eager", False), ("jit", True))
    @pytest.mark.requires_trainable_backend
    def test_fit_evaluate_predict_match_keras(self, jit_compile):
        distiller = self._mixed(temperature=3.0, student_value=0.03,
                                distillation_loss_weights=[0.7, 0.3],
                                student_loss_weight=0.25)
        distiller.compile(
            optimizer=keras.optimizers.SGD(0.05),
            loss=keras.losses.SparseCategoricalCrossentropy(
                from_logits=True
            ),
            metrics=["accuracy"],
            jit_compile=_jit(jit_compile),
        )
        teacher_weights = distiller.teacher.get_weights()
        # Compiling the test and predict steps too costs seconds on torch
        # and TensorFlow: the compiled run checks one epoch of `fit`.
        epochs = 1 if jit_compile else 2
        history = distiller.fit(X, Y, epochs=epochs, batch_size=3,
                                shuffle=False, verbose=0)
        self.assertEqual(sorted(history.history),
                         sorted(ORACLE_MIXED_HISTORY))
        self.assertEqual(
            distiller.metrics_names,
            ["loss", "compile_metrics", "student_loss",
             "distillation_loss", "total_loss"],
        )
        for key, values in ORACLE_MIXED_HISTORY.items():
            self.assertAllClose(history.history[key], values[:epochs],
                                atol=1e-5, msg=key)
        for before, after in zip(teacher_weights,
                                 distiller.teacher.get_weights()):
            self.assertAllClose(before, after)
        if jit_compile:
            return
        results = distiller.evaluate(X, Y, batch_size=3, verbose=0,
                                     return_dict=True)
        self.assertEqual(sorted(results), sorted(ORACLE_MIXED_EVALUATE))
        for key, value in ORACLE_MIXED_EVALUATE.items():
            self.assertAllClose(results[key], value, atol=1e-5, msg=key)
        self.assertAllClose(distiller.predict(X[:2], verbose=0),
                            ORACLE_MIXED_PREDICT, atol=1e-5)

    @parameterized.named_parameters(
        ("weights_length",
         {"distillation_losses": [LogitsDistillation()] * 2,
          "distillation_loss_weights": [1.0]},
         ValueError, "one weight per distillation loss"),
        ("student_weight_high", {"student_loss_weight": 1.5},
         ValueError, "between 0.0 and 1.0"),
        ("student_weight_low", {"student_loss_weight": -0.1},
         ValueError, "between 0.0 and 1.0"),
        ("no_losses", {"distillation_losses": None},
         ValueError, "cannot be `None`"),
        ("not_a_loss", {"distillation_losses": ["mse"]},
         TypeError, "DistillationLoss"),
        ("teacher_layer",
         {"distillation_losses": FeatureDistillation(
             teacher_layer_name="nope")},
         ValueError, "teacher model 'teacher' has no layer named 'nope'"),
        ("student_layer",
         {"distillation_losses": FeatureDistillation(
             student_layer_name="nope")},
         ValueError, "student model 'student' has no layer named 'nope'"),
        ("teacher_not_model", {"teacher": "layer"},
         ValueError, "`teacher` must be a keras.Model"),
        ("output_shapes", {"teacher_out": 5},
         ValueError, r"output shapes are incompatible.*\(None, 5\)"),
        ("input_shapes", {"teacher_in": 5},
         ValueError, r"input shapes are incompatible.*\(None, 5\)"),
        ("output_rank", {"teacher_out": (3, 1)},
         ValueError, "output shapes have different ranks"),
    )
    def test_invalid_arguments(self, overrides, error, message):
        overrides = dict(overrides)
        inputs = keras.Input((overrides.pop("teacher_in", 4),))
        out = overrides.pop("teacher_out", 3)
        outputs = keras.layers.Dense(np.prod(out), name="d")(inputs)
        if isinstance(out, tuple):
            outputs = keras.layers.Reshape(out)(outputs)
        teacher = keras.Model(inputs, outputs, name="teacher")
        if overrides.get("teacher") == "layer":
            overrides["teacher"] = keras.layers.Dense(3)
        kwargs = {"teacher": teacher, "student": _mlp("student", 4, 0.1),
                  "distillation_losses": LogitsDistillation()}
        kwargs.update(overrides)
        with self.assertRaisesRegex(error, message):
            Distiller(**kwargs)

    def test_compile_requires_student_loss(self):
        distiller = Distiller(_mlp("teacher", 4, 0.1),
                              _mlp("student", 4, 0.1), LogitsDistillation())
        with self.assertRaisesRegex(ValueError, "`loss`.*cannot be `None`"):
            distiller.compile(optimizer="sgd")
        with self.assertRaisesRegex(ValueError, "call `compile"):
            distiller.compute_loss(x=X, y=Y)

    def test_custom_loss(self):
        distiller = Distiller(_mlp("teacher", 4, 0.1),
                              _mlp("student", 4, 0.05), MeanGap())
        distiller.compile(optimizer="sgd", loss="mse")
        gap = np.mean(self.convert_to_numpy(distiller.teacher(X))
                      - self.convert_to_numpy(distiller.student(X)))
        self.assertAllClose(distiller.compute_loss(x=X), 0.5 * gap,
                            atol=1e-6)

    def test_multiple_outputs(self):
        def two_outputs(name):
            inputs = keras.Input((4,))
            return keras.Model(inputs, [
                keras.layers.Dense(3, kernel_initializer="ones")(inputs),
                keras.layers.Dense(2, kernel_initializer="zeros")(inputs),
            ], name=name)

        distiller = Distiller(
            two_outputs("teacher"), two_outputs("student"),
            LogitsDistillation(temperature=1.0, loss=["mse", None]),
        )
        distiller.compile(optimizer="sgd", loss=["mse", "mse"])
        labels = [np.zeros((6, 3)), np.ones((6, 2))]
        loss = distiller.compute_loss(x=X, y=labels)
        # Same weights: no distillation loss; the student's loss adds the
        # two outputs' mean squared errors.
        expected = 0.5 * (np.mean(X.sum(axis=1) ** 2) + 1.0)
        self.assertAllClose(loss, expected, atol=1e-5)

    def test_config_and_saving(self):
        distiller = self._mixed(distillation_loss_weights=[0.3, 0.7],
                                student_loss_weight=0.2)
        config = distiller.get_config()
        self.assertEqual(
            sorted(config),
            ["distillation_loss_weights", "distillation_losses", "dtype",
             "name", "student", "student_loss_weight", "teacher",
             "trainable"],
        )
        self.assertEqual(config["distillation_losses"][0]["class_name"],
                         "LogitsDistillation")
        self.assertEqual(config["distillation_losses"][0]["module"],
                         "keras.distillation")
        restored = Distiller.from_config(config)
        self.assertFalse(restored.teacher.trainable)
        self.assertEqual(restored.distillation_loss_weights, [0.3, 0.7])
        self.assertEqual(restored.student_loss_weight, 0.2)
        self.assertEqual(restored.distillation_losses[1].teacher_layer_name,
                         "teacher_hidden")
        self.assertAllClose(restored(X), distiller(X))

        # The student is an ordinary model: save it and load it alone.
        path = os.path.join(self.get_temp_dir(), "student.keras")
        distiller.student.save(path)
        student = keras.saving.load_model(path)
        self.assertAllClose(student.predict(X, verbose=0),
                            distiller.predict(X, verbose=0))

    def test_save_and_load_distiller(self):
        distiller = self._mixed()
        distiller.compile(optimizer="sgd", loss="mse")
        path = os.path.join(self.get_temp_dir(), "distiller.keras")
        distiller.save(path)
        loaded = keras.saving.load_model(path)
        self.assertIsInstance(loaded, Distiller)
        self.assertAllClose(loaded.predict(X, verbose=0),
                            distiller.predict(X, verbose=0))
        labels = np.eye(3, dtype="float32")[Y]
        self.assertAllClose(loaded.compute_loss(x=X, y=labels),
                            distiller.compute_loss(x=X, y=labels))
