"""`keras.optimizers.schedules`: learning rates as functions of the step."""

from keras.src.optimizers.schedules.learning_rate_schedule import (
    CosineDecay,
    CosineDecayRestarts,
    ExponentialDecay,
    InverseTimeDecay,
    LearningRateSchedule,
    PiecewiseConstantDecay,
    PolynomialDecay,
    deserialize,
    serialize,
)

__all__ = [
    "CosineDecay",
    "CosineDecayRestarts",
    "ExponentialDecay",
    "InverseTimeDecay",
    "LearningRateSchedule",
    "PiecewiseConstantDecay",
    "PolynomialDecay",
    "deserialize",
    "serialize",
]
