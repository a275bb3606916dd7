import numpy as np
from absl.testing import parameterized

import keras
from keras.src import testing
from keras.src.distillation.distillation_loss import DistillationLoss
from keras.src.distillation.distillation_loss import FeatureDistillation
from keras.src.distillation.distillation_loss import LogitsDistillation

TEACHER = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], "float32")
STUDENT = np.array([[0.0, 1.0, 1.5], [1.0, 1.0, -1.0]], "float32")

# Recorded from upstream Keras 3.15.1 (the black-box oracle), with
#   KERAS_BACKEND=jax /opt/keras-oracle/bin/python -c "import numpy as np;
#   from keras.distillation import LogitsDistillation as L; t = ...; s = ...;
#   print(float(L(temperature=T, loss=name).compute_loss(t, s)))"
# for t = TEACHER, s = STUDENT above.
ORACLE_LOGITS = [
    (1.0, "kl_divergence", 15.944808006286621),
    (2.0, "categorical_crossentropy", 12.92983627319336),
    (3.0, "kl_divergence", 8.260650634765625),
    (3.0, "mse", 0.3240740895271301),
]


def _kl_divergence(y_true, y_pred):
    y_true = np.clip(y_true, 1e-7, 1.0)
    y_pred = np.clip(y_pred, 1e-7, 1.0)
    return np.mean(np.sum(y_true * np.log(y_true / y_pred), axis=-1))


class SubclassedModel(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(3, name="dense")

    def call(self, x):
        return self.dense(x)


def _functional(name):
    inputs = keras.Input((4,), name=f"{name}_in")
    hidden = keras.layers.Dense(5, name=f"{name}_hidden")(inputs)
    outputs = keras.layers.Dense(3, name=f"{name}_out")(hidden)
    return keras.Model(inputs, outputs, name=name)


class LogitsDistillationTest(testing.TestCase):
    @parameterized.parameters(*ORACLE_LOGITS)
    def test_matches_keras(self, temperature, loss, expected):
        value = LogitsDistillation(temperature, loss).compute_loss(
            TEACHER, STUDENT
        )
        self.assertAllClose(value, expected, atol=1e-5, rtol=1e-6)

    @parameterized.parameters(1.0, 2.5)
    def test_loss_sees_scaled_logits(self, temperature):
        # The loss function gets `logits / temperature` (no softmax, no
        # `temperature ** 2` factor).
        value = LogitsDistillation(temperature).compute_loss(
            TEACHER, STUDENT
        )
        expected = _kl_divergence(TEACHER / temperature,
                                  STUDENT / temperature)
        self.assertAllClose(value, expected, atol=1e-5)

    def test_loss_instance_and_structures(self):
        loss = LogitsDistillation(
            temperature=2.0, loss=keras.losses.MeanSquaredError()
        )
        self.assertAllClose(
            loss.compute_loss(TEACHER, STUDENT),
            np.mean((TEACHER - STUDENT) ** 2) / 4, atol=1e-6,
        )
        # One loss per output, `None` skipping an output; values add up.
        per_output = LogitsDistillation(temperature=1.0,
                                        loss=["mse", None])
        self.assertAllClose(
            per_output.compute_loss([TEACHER, STUDENT], [STUDENT, TEACHER]),
            np.mean((TEACHER - STUDENT) ** 2), atol=1e-6,
        )
        both = LogitsDistillation(temperature=1.0, loss={"a": "mse",
                                                         "b": "mae"})
        self.assertAllClose(
            both.compute_loss({"a": TEACHER, "b": TEACHER},
                              {"a": STUDENT, "b": STUDENT}),
            np.mean((TEACHER - STUDENT) ** 2)
            + np.mean(np.abs(TEACHER - STUDENT)),
            atol=1e-6,
        )

    @parameterized.named_parameters(
        ("zero", {"temperature": 0}, "must be positive"),
        ("negative", {"temperature": -1.0}, "must be positive"),
        ("string", {"temperature": "a"}, "must be a number"),
        ("no_loss", {"loss": None}, "at least one entry"),
        ("all_none", {"loss": [None, None]}, "at least one entry"),
        ("unknown", {"loss": "nope"}, "nope"),
    )
    def test_invalid_arguments(self, kwargs, message):
        with self.assertRaisesRegex(ValueError, message):
            LogitsDistillation(**kwargs)

    def test_structure_errors(self):
        loss = LogitsDistillation()
        with self.assertRaisesRegex(ValueError, "one loss was given"):
            loss.compute_loss([TEACHER, TEACHER], [STUDENT, STUDENT])
        with self.assertRaisesRegex(ValueError, "different structures"):
            loss.validate_outputs([TEACHER, TEACHER], STUDENT)
        two = LogitsDistillation(loss=["mse", "mse"])
        with self.assertRaisesRegex(ValueError, "does not match"):
            two.validate_outputs([TEACHER] * 3, [STUDENT] * 3)
        two.validate_outputs([TEACHER] * 2, [STUDENT] * 2)

    def test_config_round_trip(self):
        loss = LogitsDistillation(temperature=2.0, loss=["kl_divergence",
                                                         None])
        config = loss.get_config()
        # The layout Keras writes (so either can read the other's).
        self.assertEqual(config, {
            "temperature": 2.0,
            "loss": [{"module": "builtins", "class_name": "function",
                      "config": "kl_divergence",
                      "registered_name": "function"}, None],
        })
        restored = LogitsDistillation.from_config(config)
        self.assertEqual(restored.temperature, 2.0)
        self.assertIs(restored.loss[0], keras.losses.kl_divergence)
        self.assertIsNone(restored.loss[1])
        instance = LogitsDistillation(loss=keras.losses.KLDivergence())
        restored = LogitsDistillation.from_config(instance.get_config())
        self.assertIsInstance(restored.loss, keras.losses.KLDivergence)
        restored = keras.saving.deserialize_keras_object(
            keras.saving.serialize_keras_object(instance)
        )
        self.assertIsInstance(restored, LogitsDistillation)


class FeatureDistillationTest(testing.TestCase):
    @parameterized.parameters(
        ("mse", np.mean((TEACHER - STUDENT) ** 2)),
        ("mae", np.mean(np.abs(TEACHER - STUDENT))),
        # Recorded from the oracle as in ORACLE_LOGITS, with
        # FeatureDistillation(loss="cosine_similarity").
        ("cosine_similarity", -0.16684168577194214),
    )
    def test_values(self, loss, expected):
        value = FeatureDistillation(loss=loss).compute_loss(TEACHER, STUDENT)
        self.assertAllClose(value, expected, atol=1e-5)

    def test_per_output_losses(self):
        loss = FeatureDistillation(loss=["mse", "mae"])
        self.assertAllClose(
            loss.compute_loss([TEACHER, STUDENT], [STUDENT, TEACHER]),
            np.mean((TEACHER - STUDENT) ** 2)
            + np.mean(np.abs(TEACHER - STUDENT)),
            atol=1e-6,
        )

    def test_invalid_arguments(self):
        with self.assertRaisesRegex(ValueError, "at least one non-`None`"):
            FeatureDistillation(loss=[None])
        with self.assertRaisesRegex(TypeError, "teacher_layer_name"):
            FeatureDistillation(teacher_layer_name=3)

    def test_model_compatibility(self):
        teacher, student = _functional("teacher"), _functional("student")
        FeatureDistillation(
            teacher_layer_name="teacher_hidden",
            student_layer_name="student_hidden",
        ).validate_model_compatibility(teacher, student)
        with self.assertRaisesRegex(ValueError, "no layer named 'nope'"):
            FeatureDistillation(
                teacher_layer_name="nope"
            ).validate_model_compatibility(teacher, student)
        with self.assertRaisesRegex(ValueError, "student model 'student'"):
            FeatureDistillation(
                student_layer_name="nope"
            ).validate_model_compatibility(teacher, student)
        with self.assertRaisesRegex(ValueError, "no symbolic inputs"):
            FeatureDistillation(
                teacher_layer_name="dense", student_layer_name="dense"
            ).validate_model_compatibility(SubclassedModel(),
                                           SubclassedModel())
        # Final outputs need no symbolic model.
        FeatureDistillation().validate_model_compatibility(
            SubclassedModel(), SubclassedModel()
        )

    def test_config_round_trip(self):
        loss = FeatureDistillation(
            loss={"a": "mse", "b": None}, teacher_layer_name="t",
        )
        config = loss.get_config()
        self.assertEqual(config["teacher_layer_name"], "t")
        self.assertIsNone(config["student_layer_name"])
        self.assertIsNone(config["loss"]["b"])
        restored = FeatureDistillation.from_config(config)
        self.assertIs(restored.loss["a"], keras.losses.mean_squared_error)
        self.assertEqual(restored.teacher_layer_name, "t")


class DistillationLossTest(testing.TestCase):
    def test_base_class(self):
        base = DistillationLoss()
        with self.assertRaisesRegex(NotImplementedError, "compute_loss"):
            base.compute_loss(TEACHER, STUDENT)
        base.validate_outputs(TEACHER, STUDENT)
        base.validate_model_compatibility(None, None)
        with self.assertRaisesRegex(ValueError, "different structures"):
            base.validate_outputs(TEACHER, [STUDENT])

    def test_subclass(self):
        class MeanGap(DistillationLoss):
            def compute_loss(self, teacher_outputs, student_outputs,
                             **kwargs):
                return keras.ops.mean(teacher_outputs - student_outputs)

        self.assertAllClose(
            MeanGap().compute_loss(TEACHER, STUDENT),
            np.mean(TEACHER - STUDENT),
        )
