import math

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.optimizers.schedules import learning_rate_schedule as lrs

STEPS = (0, 1, 2, 3, 4, 5, 7, 10, 13)


def numpy_cosine(step, initial, decay_steps, alpha=0.0, target=None,
                 warmup=0):
    if target is None:
        step = min(step, decay_steps)
        cosine = 0.5 * (1 + math.cos(math.pi * step / decay_steps))
        return initial * ((1 - alpha) * cosine + alpha)
    step = min(step, decay_steps + warmup)
    if step < warmup:
        return initial + (target - initial) * step / warmup
    fraction = (step - warmup) / decay_steps
    cosine = 0.5 * (1 + math.cos(math.pi * fraction))
    return target * ((1 - alpha) * cosine + alpha)


def numpy_restarts(step, initial, first, t_mul, m_mul, alpha):
    # Walks the periods one by one (the schedule uses a closed form).
    start, length, restart = 0.0, float(first), 0
    while step >= start + length:
        start += length
        length *= t_mul
        restart += 1
    fraction = (step - start) / length
    cosine = 0.5 * m_mul**restart * (1 + math.cos(math.pi * fraction))
    return initial * ((1 - alpha) * cosine + alpha)


def numpy_polynomial(step, initial, decay_steps, end, power, cycle):
    if cycle:
        decay_steps = decay_steps * max(1, math.ceil(step / decay_steps))
    else:
        step = min(step, decay_steps)
    return (initial - end) * (1 - step / decay_steps) ** power + end


CASES = {
    "exponential": (
        lrs.ExponentialDecay(0.1, 3, 0.5),
        lambda s: 0.1 * 0.5 ** (s / 3),
    ),
    "exponential_staircase": (
        lrs.ExponentialDecay(0.1, 3, 0.5, staircase=True),
        lambda s: 0.1 * 0.5 ** (s // 3),
    ),
    "inverse_time": (
        lrs.InverseTimeDecay(0.1, 3, 0.5),
        lambda s: 0.1 / (1 + 0.5 * s / 3),
    ),
    "inverse_time_staircase": (
        lrs.InverseTimeDecay(0.1, 3, 0.5, staircase=True),
        lambda s: 0.1 / (1 + 0.5 * (s // 3)),
    ),
    "piecewise": (
        lrs.PiecewiseConstantDecay([2, 5], [1.0, 0.5, 0.1]),
        lambda s: 1.0 if s <= 2 else (0.5 if s <= 5 else 0.1),
    ),
    "polynomial": (
        lrs.PolynomialDecay(0.1, 4, 0.01, power=2.0),
        lambda s: numpy_polynomial(s, 0.1, 4, 0.01, 2.0, False),
    ),
    "polynomial_cycle": (
        lrs.PolynomialDecay(0.1, 4, 0.01, power=0.5, cycle=True),
        lambda s: numpy_polynomial(s, 0.1, 4, 0.01, 0.5, True),
    ),
    "cosine": (
        lrs.CosineDecay(0.1, 4),
        lambda s: numpy_cosine(s, 0.1, 4),
    ),
    "cosine_warmup": (
        lrs.CosineDecay(0.1, 4, alpha=0.1, warmup_target=0.5,
                        warmup_steps=3),
        lambda s: numpy_cosine(s, 0.1, 4, 0.1, 0.5, 3),
    ),
    "restarts": (
        lrs.CosineDecayRestarts(0.1, 2),
        lambda s: numpy_restarts(s, 0.1, 2, 2.0, 1.0, 0.0),
    ),
    "restarts_constant_period": (
        lrs.CosineDecayRestarts(0.1, 2, t_mul=1.0, m_mul=0.5, alpha=0.1),
        lambda s: numpy_restarts(s, 0.1, 2, 1.0, 0.5, 0.1),
    ),
}


class LearningRateScheduleTest(testing.TestCase):
    def test_values_match_numpy(self):
        for name, (schedule, reference) in CASES.items():
            for step in STEPS:
                self.assertAllClose(
                    schedule(step), reference(step), atol=1e-6,
                    msg=f"{name} at step {step}",
                )

    def test_oracle_values(self):
        # Keras 3.15's values at steps 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 13.
        steps = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 13)
        restarts = lrs.CosineDecayRestarts(0.1, 2)
        self.assertAllClose(
            [restarts(s) for s in steps],
            [0.1, 0.05, 0.1, 0.085355, 0.05, 0.014645, 0.1, 0.096194,
             0.085355, 0.05, 0.003806],
            atol=1e-6,
        )
        warmup = lrs.CosineDecay(0.1, 4, alpha=0.1, warmup_target=0.5,
                                 warmup_steps=3)
        self.assertAllClose(
            [warmup(s) for s in steps],
            [0.1, 0.233333, 0.366667, 0.5, 0.434099, 0.275, 0.115901, 0.05,
             0.05, 0.05, 0.05],
            atol=1e-6,
        )

    def test_tensor_and_variable_steps(self):
        schedule = lrs.ExponentialDecay(0.1, 3, 0.5)
        step = backend.Variable(3, dtype="int32", trainable=False)
        self.assertAllClose(schedule(step.value), 0.05)
        self.assertAllClose(
            schedule(ops.convert_to_tensor(6, dtype="int32")), 0.025
        )
        self.assertDType(schedule(2), "float32")

    def test_integer_rates(self):
        self.assertAllClose(lrs.ExponentialDecay(1, 2, 1)(3), 1.0)
        self.assertDType(lrs.ExponentialDecay(1, 2, 1)(3), "float32")

    def test_config_round_trips(self):
        for name, (schedule, _) in CASES.items():
            config = schedule.get_config()
            copy = type(schedule).from_config(config)
            self.assertEqual(copy.get_config(), config, msg=name)
            self.run_class_serialization_test(schedule)

    def test_configs(self):
        self.assertEqual(
            lrs.CosineDecayRestarts(0.1, 2).get_config(),
            {"initial_learning_rate": 0.1, "first_decay_steps": 2,
             "t_mul": 2.0, "m_mul": 1.0, "alpha": 0.0, "name": "SGDRDecay"},
        )
        self.assertEqual(
            lrs.PiecewiseConstantDecay([2], [1.0, 0.5]).get_config(),
            {"boundaries": [2], "values": [1.0, 0.5],
             "name": "PiecewiseConstant"},
        )

    def test_serialize_deserialize(self):
        schedule = lrs.PolynomialDecay(0.1, 4, cycle=True)
        config = lrs.serialize(schedule)
        self.assertEqual(config["module"], "keras.optimizers.schedules")
        self.assertEqual(config["class_name"], "PolynomialDecay")
        copy = lrs.deserialize(config)
        self.assertIsInstance(copy, lrs.PolynomialDecay)
        self.assertTrue(copy.cycle)
        legacy = lrs.deserialize(
            {"class_name": "InverseTimeDecay",
             "config": {"initial_learning_rate": 1.0, "decay_steps": 1,
                        "decay_rate": 1.0}}
        )
        self.assertAllClose(legacy(1), 0.5)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "decay_steps=0"):
            lrs.ExponentialDecay(0.1, 0, 0.5)
        with self.assertRaisesRegex(ValueError, "decay_steps=-1"):
            lrs.CosineDecay(0.1, -1)
        with self.assertRaisesRegex(ValueError, "decay_steps=0"):
            lrs.PolynomialDecay(0.1, 0)
        with self.assertRaisesRegex(ValueError, "decay_steps=0"):
            lrs.InverseTimeDecay(0.1, 0, 0.5)
        with self.assertRaisesRegex(ValueError, "first_decay_steps=0"):
            lrs.CosineDecayRestarts(0.1, 0)
        with self.assertRaisesRegex(ValueError, "length 2"):
            lrs.PiecewiseConstantDecay([2, 5], [1.0, 0.5])

    def test_base_class_must_be_overridden(self):
        with self.assertRaisesRegex(NotImplementedError, "__call__"):
            lrs.LearningRateSchedule()(1)
        with self.assertRaisesRegex(NotImplementedError, "get_config"):
            lrs.LearningRateSchedule().get_config()

    def test_custom_schedule(self):
        class Halving(lrs.LearningRateSchedule):
            def __call__(self, step):
                return 0.8 * ops.power(0.5, ops.cast(step, "float32"))

            def get_config(self):
                return {}

        self.assertAllClose(Halving()(3), 0.1)
        self.assertIsInstance(Halving.from_config({}), Halving)
        self.assertTrue(np.isfinite(ops.convert_to_numpy(Halving()(1))))
