"""Parity scenarios of what training optimises and measures.

Losses (classes and functions, reductions, sample weights, configs),
metrics (state after updates, reset, configs), optimizers (configs and the
variable after a few steps with fixed gradients), learning-rate schedules,
activations, initializers, regularizers and constraints, all on small fixed
inputs. Random initializers report only the shape and dtype they produce.
"""

import functools

import numpy as np

import keras
from parity_scenarios import add

# Fixed data of each kind a loss or metric expects.
_REG_TRUE = np.array([[1.0, 2.0, 0.5], [0.2, 3.0, 1.0]], "float32")
_REG_PRED = np.array([[1.5, 1.0, 0.4], [0.3, 2.5, 2.0]], "float32")
_BIN_TRUE = np.array([[0.0, 1.0, 1.0], [1.0, 0.0, 0.0]], "float32")
_BIN_PRED = np.array([[0.2, 0.7, 0.9], [0.6, 0.4, 0.1]], "float32")
_CAT_TRUE = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], "float32")
_CAT_PRED = np.array([[0.1, 0.8, 0.1], [0.3, 0.3, 0.4]], "float32")
_SPARSE_TRUE = np.array([1, 2], "int32")
_PM_TRUE = np.array([[-1.0, 1.0, 1.0], [1.0, -1.0, -1.0]], "float32")
_LOGITS = np.array([[0.5, -1.0, 2.0], [1.5, 0.2, -0.3]], "float32")
_WEIGHTS = np.array([0.25, 1.5], "float32")
_CTC_TRUE = np.array([[1, 2, 0], [2, 2, 1]], "int32")
_CTC_PRED = np.array(
    np.linspace(-1.0, 1.0, 2 * 5 * 4).reshape(2, 5, 4), "float32"
)
_CIRCLE_TRUE = np.array([0, 1, 0, 1], "int32")
# Circle expects L2-normalized embeddings.
_CIRCLE_PRED = np.array(
    [[1.0, 0.0, 0.5], [0.0, 1.0, 0.2], [0.9, 0.1, 0.4], [0.2, 0.8, 0.1]],
    "float32",
)
_CIRCLE_PRED = _CIRCLE_PRED / np.linalg.norm(
    _CIRCLE_PRED, axis=1, keepdims=True)

_DATA = {
    "reg": (_REG_TRUE, _REG_PRED),
    "bin": (_BIN_TRUE, _BIN_PRED),
    "cat": (_CAT_TRUE, _CAT_PRED),
    "sparse": (_SPARSE_TRUE, _CAT_PRED),
    "hinge": (_PM_TRUE, _LOGITS),
    "ctc": (_CTC_TRUE, _CTC_PRED),
    "circle": (_CIRCLE_TRUE, _CIRCLE_PRED),
}

# Loss class -> (data kind, constructor kwargs of a non-default variant).
_LOSS_CLASSES = {
    "BinaryCrossentropy": ("bin", {"label_smoothing": 0.1}),
    "BinaryFocalCrossentropy": ("bin", {"gamma": 1.0,
                                        "apply_class_balancing": True}),
    "CTC": ("ctc", {}),
    "CategoricalCrossentropy": ("cat", {"label_smoothing": 0.2}),
    "CategoricalFocalCrossentropy": ("cat", {"alpha": 0.5, "gamma": 1.0}),
    "CategoricalGeneralizedCrossEntropy": ("sparse", {"q": 0.7}),
    "CategoricalHinge": ("cat", {}),
    "Circle": ("circle", {"gamma": 2.0, "margin": 0.3}),
    "CosineSimilarity": ("reg", {"axis": 0}),
    "Dice": ("bin", {"axis": 1}),
    "Hinge": ("hinge", {}),
    "Huber": ("reg", {"delta": 0.5}),
    "KLDivergence": ("cat", {}),
    "LogCosh": ("reg", {}),
    "MeanAbsoluteError": ("reg", {}),
    "MeanAbsolutePercentageError": ("reg", {}),
    "MeanSquaredError": ("reg", {}),
    "MeanSquaredLogarithmicError": ("reg", {}),
    "Poisson": ("reg", {}),
    "SparseCategoricalCrossentropy": ("sparse", {"ignore_class": 2}),
    "SquaredHinge": ("hinge", {}),
    "Tversky": ("bin", {"alpha": 0.3, "beta": 0.7}),
}

_LOSS_FUNCTIONS = {
    "binary_crossentropy": "bin", "binary_focal_crossentropy": "bin",
    "categorical_crossentropy": "cat",
    "categorical_focal_crossentropy": "cat",
    "categorical_generalized_cross_entropy": "sparse",
    "categorical_hinge": "cat", "circle": "circle",
    "cosine_similarity": "reg", "ctc": "ctc", "dice": "bin",
    "hinge": "hinge", "huber": "reg", "kl_divergence": "cat",
    "log_cosh": "reg", "mean_absolute_error": "reg",
    "mean_absolute_percentage_error": "reg", "mean_squared_error": "reg",
    "mean_squared_logarithmic_error": "reg", "poisson": "reg",
    "sparse_categorical_crossentropy": "sparse", "squared_hinge": "hinge",
    "tversky": "bin",
}


def _register_losses():
    for name, (kind, variant) in sorted(_LOSS_CLASSES.items()):
        y_true, y_pred = _DATA[kind]
        cls = getattr(keras.losses, name)
        add(f"losses.{name}[default]",
            lambda cls=cls, t=y_true, p=y_pred: cls()(t, p))
        # reduction="none" is what the loss functions return below.
        add(f"losses.{name}[reduction=sum]",
            lambda cls=cls, t=y_true, p=y_pred: cls(reduction="sum")(t, p))
        batch = y_true.shape[0]
        weights = np.linspace(0.25, 1.5, batch).astype("float32")
        add(f"losses.{name}[sample_weight]",
            lambda cls=cls, t=y_true, p=y_pred, w=weights: cls()(
                t, p, sample_weight=w))
        add(f"losses.{name}[variant]",
            lambda cls=cls, t=y_true, p=y_pred, v=variant: cls(**v)(t, p))
        add(f"losses.{name}[config]",
            lambda cls=cls, v=variant: cls(name="my_loss", **v).get_config())
    for name, kind in sorted(_LOSS_FUNCTIONS.items()):
        y_true, y_pred = _DATA[kind]
        fn = getattr(keras.losses, name)
        if name == "categorical_generalized_cross_entropy":
            fn = functools.partial(fn, q=0.5)
        add(f"losses.{name}[value]",
            lambda fn=fn, t=y_true, p=y_pred: fn(t, p))
    for logits_loss, kind in (("BinaryCrossentropy", "bin"),
                              ("CategoricalCrossentropy", "cat"),
                              ("SparseCategoricalCrossentropy", "sparse"),
                              ("BinaryFocalCrossentropy", "bin"),
                              ("CategoricalFocalCrossentropy", "cat")):
        y_true = _DATA[kind][0]
        logits = _LOGITS if kind != "sparse" else _LOGITS
        add(f"losses.{logits_loss}[from_logits]",
            lambda n=logits_loss, t=y_true, p=logits: getattr(
                keras.losses, n)(from_logits=True)(t, p))
    add("losses.get[mse]", lambda: keras.losses.get("mse").__name__)
    add("losses.get[class_name]",
        lambda: type(keras.losses.get("MeanSquaredError")).__name__)
    add("losses.get[unknown]", lambda: keras.losses.get("no_such_loss"))
    add("losses.serialize[instance]",
        lambda: keras.losses.serialize(keras.losses.Huber(delta=2.0)))
    add("losses.deserialize[dict]",
        lambda: keras.losses.deserialize(
            {"class_name": "Huber", "config": {"delta": 2.0}}).get_config())
    add("losses.MeanSquaredError[bad_reduction]",
        lambda: keras.losses.MeanSquaredError(reduction="average"))
    add("losses.MeanSquaredError[shape_mismatch]",
        lambda: keras.losses.MeanSquaredError()(
            np.ones((2, 3), "float32"), np.ones((2, 4), "float32")))


# Metric class -> (data kind, constructor kwargs).
_METRIC_CLASSES = {
    "AUC": ("bin", {"num_thresholds": 5}),
    "Accuracy": ("cat_int", {}),
    "BinaryAccuracy": ("bin", {}),
    "BinaryCrossentropy": ("bin", {}),
    "BinaryIoU": ("bin", {"target_class_ids": [0, 1]}),
    "CategoricalAccuracy": ("cat", {}),
    "CategoricalCrossentropy": ("cat", {}),
    "CategoricalHinge": ("cat", {}),
    "ConcordanceCorrelation": ("reg", {}),
    "CosineSimilarity": ("reg", {}),
    "F1Score": ("bin", {"threshold": 0.5}),
    "FBetaScore": ("bin", {"beta": 2.0, "threshold": 0.5}),
    "FalseNegatives": ("bin", {}),
    "FalsePositives": ("bin", {}),
    "Hinge": ("hinge", {}),
    "IoU": ("sparse_int", {"num_classes": 3, "target_class_ids": [1, 2]}),
    "KLDivergence": ("cat", {}),
    "LogCoshError": ("reg", {}),
    "MeanAbsoluteError": ("reg", {}),
    "MeanAbsolutePercentageError": ("reg", {}),
    "MeanIoU": ("sparse_int", {"num_classes": 3}),
    "MeanSquaredError": ("reg", {}),
    "MeanSquaredLogarithmicError": ("reg", {}),
    "OneHotIoU": ("cat", {"num_classes": 3, "target_class_ids": [1, 2]}),
    "OneHotMeanIoU": ("cat", {"num_classes": 3}),
    "PearsonCorrelation": ("reg", {}),
    "Poisson": ("reg", {}),
    "Precision": ("bin", {}),
    "PrecisionAtRecall": ("bin", {"recall": 0.5, "num_thresholds": 5}),
    "R2Score": ("reg", {}),
    "Recall": ("bin", {}),
    "RecallAtPrecision": ("bin", {"precision": 0.5, "num_thresholds": 5}),
    "RootMeanSquaredError": ("reg", {}),
    "SensitivityAtSpecificity": ("bin", {"specificity": 0.5,
                                         "num_thresholds": 5}),
    "SparseCategoricalAccuracy": ("sparse", {}),
    "SparseCategoricalCrossentropy": ("sparse", {}),
    "SparseTopKCategoricalAccuracy": ("sparse", {"k": 2}),
    "SpecificityAtSensitivity": ("bin", {"sensitivity": 0.5,
                                         "num_thresholds": 5}),
    "SquaredHinge": ("hinge", {}),
    "TopKCategoricalAccuracy": ("cat", {"k": 2}),
    "TrueNegatives": ("bin", {}),
    "TruePositives": ("bin", {}),
}

_METRIC_DATA = dict(
    _DATA,
    cat_int=(np.array([[1, 2], [0, 3]], "int32"),
             np.array([[1, 0], [0, 3]], "int32")),
    sparse_int=(np.array([0, 1, 2, 1], "int32"),
                np.array([0, 2, 2, 1], "int32")),
)

# Metric functions that are not also loss functions (those are above).
_METRIC_FUNCTIONS = {
    "binary_accuracy": "bin", "categorical_accuracy": "cat",
    "concordance_correlation": "reg", "pearson_correlation": "reg",
    "sparse_categorical_accuracy": "sparse",
    "sparse_top_k_categorical_accuracy": "sparse",
    "top_k_categorical_accuracy": "cat",
}


def _numpy(value):
    # A result may alias the metric's state: read it before the next update.
    return keras.tree.map_structure(keras.ops.convert_to_numpy, value)


def _metric_states(cls, kwargs, y_true, y_pred):
    metric = cls(**kwargs)
    metric.update_state(y_true, y_pred)
    first = _numpy(metric.result())
    metric.update_state(y_true[::-1], y_pred)
    second = _numpy(metric.result())
    metric.reset_state()
    return [first, second, metric.result()]


def _register_metrics():
    for name, (kind, kwargs) in sorted(_METRIC_CLASSES.items()):
        y_true, y_pred = _METRIC_DATA[kind]
        cls = getattr(keras.metrics, name)
        add(f"metrics.{name}[states]",
            lambda c=cls, k=kwargs, t=y_true, p=y_pred: _metric_states(
                c, k, t, p))
        weights = np.linspace(0.25, 1.5, y_true.shape[0]).astype("float32")
        add(f"metrics.{name}[sample_weight]",
            lambda c=cls, k=kwargs, t=y_true, p=y_pred, w=weights: _weighted(
                c, k, t, p, w))
        add(f"metrics.{name}[config]",
            lambda c=cls, k=kwargs: c(name="my_metric", **k).get_config())
    for name, kind in sorted(_METRIC_FUNCTIONS.items()):
        y_true, y_pred = _METRIC_DATA[kind]
        fn = getattr(keras.metrics, name)
        add(f"metrics.{name}[value]",
            lambda fn=fn, t=y_true, p=y_pred: fn(t, p))
    add("metrics.Mean[states]", lambda: _aggregate(keras.metrics.Mean))
    add("metrics.Sum[states]", lambda: _aggregate(keras.metrics.Sum))
    add("metrics.Mean[config]",
        lambda: keras.metrics.Mean(name="m", dtype="float32").get_config())
    add("metrics.MeanMetricWrapper[fn]", _wrapper)
    add("metrics.get[accuracy]",
        lambda: type(keras.metrics.get("accuracy")).__name__)
    add("metrics.get[unknown]", lambda: keras.metrics.get("no_such_metric"))
    add("metrics.serialize[instance]",
        lambda: keras.metrics.serialize(keras.metrics.AUC(num_thresholds=7)))
    add("metrics.AUC[multi_label]", lambda: _metric_states(
        keras.metrics.AUC, {"multi_label": True, "num_thresholds": 5},
        _BIN_TRUE, _BIN_PRED))
    add("metrics.AUC[curve=PR]", lambda: _metric_states(
        keras.metrics.AUC, {"curve": "PR", "num_thresholds": 7},
        _BIN_TRUE, _BIN_PRED))
    add("metrics.Precision[thresholds]", lambda: _metric_states(
        keras.metrics.Precision, {"thresholds": [0.3, 0.5, 0.8]},
        _BIN_TRUE, _BIN_PRED))
    add("metrics.Recall[top_k]", lambda: _metric_states(
        keras.metrics.Recall, {"top_k": 1}, _CAT_TRUE, _CAT_PRED))
    add("metrics.F1Score[average=macro]", lambda: _metric_states(
        keras.metrics.F1Score, {"average": "macro", "threshold": 0.5},
        _BIN_TRUE, _BIN_PRED))
    add("metrics.AUC[bad_curve]", lambda: keras.metrics.AUC(curve="XY"))


def _weighted(cls, kwargs, y_true, y_pred, weights):
    metric = cls(**kwargs)
    metric.update_state(y_true, y_pred, sample_weight=weights)
    return metric.result()


def _aggregate(cls):
    metric = cls()
    metric.update_state([1.0, 3.0, 5.0])
    metric.update_state(2.0, sample_weight=3.0)
    first = _numpy(metric.result())
    metric.reset_state()
    return [first, metric.result()]


def _wrapper():
    def twice_error(y_true, y_pred):
        return keras.ops.mean(2.0 * keras.ops.abs(y_true - y_pred), axis=-1)

    metric = keras.metrics.MeanMetricWrapper(twice_error, name="twice")
    metric.update_state(_REG_TRUE, _REG_PRED)
    return [metric.name, metric.result()]


_OPTIMIZERS = {
    "Adadelta": {"learning_rate": 0.5},
    "Adafactor": {"learning_rate": 0.1},
    "Adagrad": {"learning_rate": 0.1},
    "Adam": {"learning_rate": 0.1},
    "AdamW": {"learning_rate": 0.1, "weight_decay": 0.1},
    "Adamax": {"learning_rate": 0.1},
    "Ftrl": {"learning_rate": 0.1},
    "Lamb": {"learning_rate": 0.1},
    "Lion": {"learning_rate": 0.1},
    "Nadam": {"learning_rate": 0.1},
    "RMSprop": {"learning_rate": 0.1},
    "SGD": {"learning_rate": 0.1},
    "ScheduleFreeAdamW": {"learning_rate": 0.1},
    "Muon": {"learning_rate": 0.1},
}

_VARIANTS = {
    "SGD[momentum]": ("SGD", {"learning_rate": 0.1, "momentum": 0.9}),
    "SGD[nesterov]": ("SGD", {"learning_rate": 0.1, "momentum": 0.9,
                              "nesterov": True}),
    "Adam[amsgrad]": ("Adam", {"learning_rate": 0.1, "amsgrad": True}),
    "RMSprop[centered]": ("RMSprop", {"learning_rate": 0.1,
                                      "centered": True, "momentum": 0.5}),
    "SGD[clipnorm]": ("SGD", {"learning_rate": 0.1, "clipnorm": 0.1}),
    "SGD[clipvalue]": ("SGD", {"learning_rate": 0.1, "clipvalue": 0.05}),
    "SGD[global_clipnorm]": ("SGD", {"learning_rate": 0.1,
                                     "global_clipnorm": 0.1}),
    "Adam[weight_decay]": ("Adam", {"learning_rate": 0.1,
                                    "weight_decay": 0.5}),
    "SGD[schedule]": ("SGD", {
        "learning_rate": keras.optimizers.schedules.ExponentialDecay(
            0.1, decay_steps=1, decay_rate=0.5)}),
    "SGD[ema]": ("SGD", {"learning_rate": 0.1, "use_ema": True,
                         "ema_momentum": 0.5, "ema_overwrite_frequency": 2}),
    "Adam[accumulation]": ("Adam", {"learning_rate": 0.1,
                                    "gradient_accumulation_steps": 2}),
}

_GRADS = [np.array([0.1, -0.2, 0.3], "float32"),
          np.array([[0.5, -0.1], [0.0, 0.2]], "float32")]


def _optimizer_steps(optimizer, steps):
    variables = [
        keras.Variable(np.array([1.0, 2.0, -3.0], "float32"), name="v"),
        keras.Variable(np.array([[1.0, -1.0], [0.5, 2.0]], "float32"),
                       name="w"),
    ]
    for step in range(steps):
        grads = [keras.ops.convert_to_tensor(g * (1.0 + step))
                 for g in _GRADS]
        optimizer.apply_gradients(zip(grads, variables))
    # The step count's dtype is its own scenario (iterations[dtype]).
    return [v.value for v in variables] + [int(optimizer.iterations)]


def _register_optimizers():
    cases = {name: (name, kwargs) for name, kwargs in _OPTIMIZERS.items()}
    cases.update(_VARIANTS)
    for label, (name, kwargs) in sorted(cases.items()):
        cls = getattr(keras.optimizers, name)
        if "[" not in label:
            add(f"optimizers.{label}[config]",
                lambda cls=cls: cls().get_config())
            label = f"{label}[steps"
        else:
            label = label[:-1] + ",steps"
        for steps in (1, 3) if label.endswith("[steps") else (3,):
            add(f"optimizers.{label}={steps}]",
                lambda cls=cls, k=kwargs, s=steps: _optimizer_steps(
                    cls(**k), s), atol=1e-4, rtol=1e-3)
    add("optimizers.LossScaleOptimizer[steps=3]",
        lambda: _optimizer_steps(keras.optimizers.LossScaleOptimizer(
            keras.optimizers.SGD(0.1), initial_scale=8.0), 3))
    add("optimizers.LossScaleOptimizer[config]",
        lambda: keras.optimizers.LossScaleOptimizer(
            keras.optimizers.SGD(0.1)).get_config()["initial_scale"])
    add("optimizers.get[adam]",
        lambda: keras.optimizers.get("adam").get_config())
    add("optimizers.get[unknown]",
        lambda: keras.optimizers.get("no_such_optimizer"))
    add("optimizers.serialize[sgd]",
        lambda: keras.optimizers.serialize(keras.optimizers.SGD(0.2)))
    add("optimizers.SGD[bad_clip]",
        lambda: keras.optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0))
    add("optimizers.SGD[learning_rate_attr]", _learning_rate_attr)
    add("optimizers.iterations[dtype]",
        lambda: str(keras.optimizers.SGD().iterations.dtype))


def _learning_rate_attr():
    optimizer = keras.optimizers.SGD(0.1)
    before = _numpy(optimizer.learning_rate)
    optimizer.learning_rate = 0.25
    return [before, optimizer.learning_rate]


_SCHEDULES = {
    "CosineDecay": {"initial_learning_rate": 0.1, "decay_steps": 10},
    "CosineDecay[warmup]": {"initial_learning_rate": 0.0,
                            "decay_steps": 10, "warmup_target": 0.1,
                            "warmup_steps": 4, "alpha": 0.1},
    "CosineDecayRestarts": {"initial_learning_rate": 0.1,
                            "first_decay_steps": 4},
    "ExponentialDecay": {"initial_learning_rate": 0.1, "decay_steps": 4,
                         "decay_rate": 0.5},
    "ExponentialDecay[staircase]": {"initial_learning_rate": 0.1,
                                    "decay_steps": 4, "decay_rate": 0.5,
                                    "staircase": True},
    "InverseTimeDecay": {"initial_learning_rate": 0.1, "decay_steps": 2,
                         "decay_rate": 0.5},
    "PiecewiseConstantDecay": {"boundaries": [2, 6],
                               "values": [0.1, 0.05, 0.01]},
    "PolynomialDecay": {"initial_learning_rate": 0.1, "decay_steps": 8,
                        "end_learning_rate": 0.01, "power": 2.0},
    "PolynomialDecay[cycle]": {"initial_learning_rate": 0.1,
                               "decay_steps": 4, "cycle": True},
}


def _register_schedules():
    schedules = keras.optimizers.schedules
    for label, kwargs in sorted(_SCHEDULES.items()):
        cls = getattr(schedules, label.split("[")[0])
        add(f"optimizers.schedules.{label}[values]",
            lambda cls=cls, k=kwargs: [
                cls(**k)(step) for step in (0, 1, 3, 5, 9, 20)])
        add(f"optimizers.schedules.{label}[config]",
            lambda cls=cls, k=kwargs: cls(**k).get_config())
    add("optimizers.schedules.serialize",
        lambda: schedules.serialize(schedules.ExponentialDecay(0.1, 2, 0.5)))
    add("optimizers.schedules.deserialize", lambda: schedules.deserialize(
        schedules.serialize(schedules.InverseTimeDecay(0.1, 2, 0.5))
    ).get_config())


_ACT_X = np.array([[-3.0, -1.0, -0.25, 0.0], [0.25, 1.0, 2.5, 7.0]],
                  "float32")
_ACTIVATIONS = ("celu", "elu", "exponential", "gelu", "glu", "hard_shrink",
                "hard_sigmoid", "hard_silu", "hard_swish", "hard_tanh",
                "leaky_relu", "linear", "log_sigmoid", "log_softmax", "mish",
                "relu", "relu6", "selu", "sigmoid", "silu", "soft_shrink",
                "softmax", "softplus", "softsign", "sparse_plus",
                "sparse_sigmoid", "sparsemax", "squareplus", "swish", "tanh",
                "tanh_shrink")
_ACT_VARIANTS = {
    "relu[negative_slope]": ("relu", {"negative_slope": 0.1}),
    "relu[max_value]": ("relu", {"max_value": 2.0}),
    "relu[threshold]": ("relu", {"threshold": 0.5}),
    "relu[all]": ("relu", {"negative_slope": 0.2, "max_value": 3.0,
                           "threshold": 0.5}),
    "elu[alpha]": ("elu", {"alpha": 0.5}),
    "gelu[exact]": ("gelu", {"approximate": False}),
    "leaky_relu[slope]": ("leaky_relu", {"negative_slope": 0.3}),
    "softmax[axis0]": ("softmax", {"axis": 0}),
    "log_softmax[axis0]": ("log_softmax", {"axis": 0}),
    "threshold[default]": ("threshold", {"threshold": 0.5,
                                         "default_value": -1.0}),
    "celu[alpha]": ("celu", {"alpha": 2.0}),
    "squareplus[b]": ("squareplus", {"b": 2.0}),
    "hard_shrink[threshold]": ("hard_shrink", {"threshold": 1.0}),
    "soft_shrink[threshold]": ("soft_shrink", {"threshold": 1.0}),
}


def _register_activations():
    for name in _ACTIVATIONS:
        fn = getattr(keras.activations, name)
        add(f"activations.{name}[values]", lambda fn=fn: fn(_ACT_X))
    for label, (name, kwargs) in sorted(_ACT_VARIANTS.items()):
        fn = getattr(keras.activations, name)
        add(f"activations.{label}",
            lambda fn=fn, k=kwargs: fn(_ACT_X, **k))
    add("activations.softmax[1d]",
        lambda: keras.activations.softmax(_ACT_X[0]))
    add("activations.get[relu]", lambda: keras.activations.get("relu")(
        _ACT_X))
    add("activations.get[None]",
        lambda: keras.activations.get(None).__name__)
    add("activations.get[unknown]",
        lambda: keras.activations.get("no_such_activation"))
    add("activations.serialize[relu]",
        lambda: keras.activations.serialize(keras.activations.relu))
    add("activations.deserialize[tanh]",
        lambda: keras.activations.deserialize("tanh").__name__)


_INITIALIZERS = {
    "Constant": {"value": 0.5}, "GlorotNormal": {}, "GlorotUniform": {},
    "HeNormal": {}, "HeUniform": {}, "Identity": {"gain": 2.0},
    "LecunNormal": {}, "LecunUniform": {}, "Ones": {},
    "Orthogonal": {"gain": 1.5}, "RandomNormal": {"mean": 1.0,
                                                  "stddev": 0.1},
    "RandomUniform": {"minval": -2.0, "maxval": 2.0}, "STFT": {},
    "TruncatedNormal": {"stddev": 0.2},
    "VarianceScaling": {"scale": 2.0, "mode": "fan_out",
                        "distribution": "uniform"},
    "Zeros": {},
}
_DETERMINISTIC = ("Constant", "Identity", "Ones", "Zeros", "STFT")


def _register_initializers():
    for name, kwargs in sorted(_INITIALIZERS.items()):
        cls = getattr(keras.initializers, name)
        add(f"initializers.{name}[config]",
            lambda cls=cls, k=kwargs: cls(**k).get_config())
        shape = (4, 1, 6) if name == "STFT" else (3, 4)

        def draw(cls=cls, k=kwargs, shape=shape, name=name):
            value = cls(**k)(shape, dtype="float32")
            if name in _DETERMINISTIC:
                return value
            return [list(value.shape), str(value.dtype)]

        add(f"initializers.{name}[call]", draw)
    add("initializers.RandomNormal[seeded_repeatable]", _seeded_repeatable)
    add("initializers.VarianceScaling[bad_mode]",
        lambda: keras.initializers.VarianceScaling(mode="fan_sideways"))
    add("initializers.Identity[bad_shape]",
        lambda: keras.initializers.Identity()((2, 3, 4)))
    for alias in ("glorot_uniform", "he_normal", "zeros", "ones",
                  "orthogonal", "identity", "truncated_normal"):
        add(f"initializers.get[{alias}]",
            lambda a=alias: type(keras.initializers.get(a)).__name__)
    add("initializers.get[unknown]",
        lambda: keras.initializers.get("no_such_initializer"))
    add("initializers.serialize[constant]",
        lambda: keras.initializers.serialize(
            keras.initializers.Constant(2.0)))


def _seeded_repeatable():
    a = keras.initializers.RandomNormal(seed=3)((2, 2))
    b = keras.initializers.RandomNormal(seed=3)((2, 2))
    return bool(np.allclose(keras.ops.convert_to_numpy(a),
                            keras.ops.convert_to_numpy(b)))


_W = np.array([[1.0, -2.0, 0.5], [0.0, 3.0, -1.5]], "float32")


def _register_regularizers():
    reg = keras.regularizers
    cases = {
        "L1": lambda: reg.L1(0.1), "L2": lambda: reg.L2(0.1),
        "L1L2": lambda: reg.L1L2(l1=0.1, l2=0.2),
        "OrthogonalRegularizer": lambda: reg.OrthogonalRegularizer(
            factor=0.1, mode="rows"),
        "OrthogonalRegularizer[columns]": lambda: reg.OrthogonalRegularizer(
            factor=0.2, mode="columns"),
    }
    for label, make in sorted(cases.items()):
        add(f"regularizers.{label}[value]",
            lambda m=make: m()(keras.ops.convert_to_tensor(_W)))
        add(f"regularizers.{label}[config]",
            lambda m=make: m().get_config())
    add("regularizers.L1L2[default_config]",
        lambda: reg.L1L2().get_config())
    add("regularizers.L2[default_config]", lambda: reg.L2().get_config())
    for alias in ("l1", "l2", "l1_l2", "orthogonal_regularizer"):
        add(f"regularizers.get[{alias}]",
            lambda a=alias: reg.get(a).get_config())
    add("regularizers.get[unknown]", lambda: reg.get("no_such_regularizer"))
    add("regularizers.L1[negative]", lambda: reg.L1(-1.0))
    add("regularizers.OrthogonalRegularizer[bad_mode]",
        lambda: reg.OrthogonalRegularizer(mode="diagonal"))


def _register_constraints():
    con = keras.constraints
    cases = {
        "MaxNorm": lambda: con.MaxNorm(max_value=1.5, axis=0),
        "MaxNorm[axis1]": lambda: con.MaxNorm(max_value=2.0, axis=1),
        "MinMaxNorm": lambda: con.MinMaxNorm(min_value=0.5, max_value=2.0,
                                             rate=0.5, axis=0),
        "NonNeg": lambda: con.NonNeg(),
        "UnitNorm": lambda: con.UnitNorm(axis=0),
        "UnitNorm[axis1]": lambda: con.UnitNorm(axis=1),
    }
    for label, make in sorted(cases.items()):
        add(f"constraints.{label}[value]", lambda m=make: m()(_W))
        add(f"constraints.{label}[config]",
            lambda m=make: m().get_config())
    for alias in ("max_norm", "min_max_norm", "non_neg", "unit_norm"):
        add(f"constraints.get[{alias}]",
            lambda a=alias: type(con.get(a)).__name__)
    add("constraints.get[unknown]", lambda: con.get("no_such_constraint"))


_register_losses()
_register_metrics()
_register_optimizers()
_register_schedules()
_register_activations()
_register_initializers()
_register_regularizers()
_register_constraints()
