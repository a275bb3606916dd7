import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.callbacks.callback_list import CallbackList
from keras.src.callbacks.swap_ema_weights import SwapEMAWeights
from keras.src.callbacks.test_utils import FakeOptimizer


class _EMAModel:
    """Two variables and an optimizer holding their moving averages."""

    def __init__(self, use_ema=True):
        self.stop_training = False
        self.trainable_variables = [
            backend.Variable(np.array([1.0, 2.0]), name="w"),
            backend.Variable(np.array(3.0), name="b"),
        ]
        self.optimizer = FakeOptimizer()
        self.optimizer.use_ema = use_ema
        self.optimizer._model_variables_moving_average = [
            backend.Variable(np.array([10.0, 20.0]), name="w_average"),
            backend.Variable(np.array(30.0), name="b_average"),
        ]

    def values(self):
        return [
            backend.convert_to_numpy(v).tolist()
            for v in self.trainable_variables
        ]


class SwapEMAWeightsTest(testing.TestCase):
    def test_evaluation_sees_the_averages(self):
        model = _EMAModel()
        callbacks = CallbackList([SwapEMAWeights()], model=model)
        callbacks.on_test_begin()
        self.assertEqual(model.values(), [[10.0, 20.0], 30.0])
        averages = model.optimizer._model_variables_moving_average
        self.assertAllClose(averages[0], [1.0, 2.0])
        callbacks.on_test_end()
        self.assertEqual(model.values(), [[1.0, 2.0], 3.0])
        callbacks.on_predict_begin()
        self.assertEqual(model.values(), [[10.0, 20.0], 30.0])
        callbacks.on_predict_end()
        self.assertEqual(model.values(), [[1.0, 2.0], 3.0])
        self.assertAllClose(averages[1], 30.0)

    def test_swap_on_epoch(self):
        model = _EMAModel()
        swap = SwapEMAWeights(swap_on_epoch=True)
        callbacks = CallbackList([swap], model=model)
        callbacks.on_epoch_begin(0)
        self.assertEqual(model.values(), [[1.0, 2.0], 3.0])
        callbacks.on_epoch_end(0)
        self.assertEqual(model.values(), [[10.0, 20.0], 30.0])
        # An evaluation while swapped keeps the averages in place.
        callbacks.on_test_begin()
        callbacks.on_test_end()
        self.assertEqual(model.values(), [[10.0, 20.0], 30.0])
        callbacks.on_epoch_begin(1)
        self.assertEqual(model.values(), [[1.0, 2.0], 3.0])

    def test_without_swap_on_epoch_epochs_do_nothing(self):
        model = _EMAModel()
        callbacks = CallbackList([SwapEMAWeights()], model=model)
        callbacks.on_epoch_end(0)
        self.assertEqual(model.values(), [[1.0, 2.0], 3.0])

    def test_requires_an_ema_optimizer(self):
        model = _EMAModel(use_ema=False)
        callback = SwapEMAWeights()
        callback.set_model(model)
        with self.assertRaisesRegex(ValueError, "use_ema=False"):
            callback.on_test_begin()
        model = _EMAModel()
        model.optimizer._model_variables_moving_average = []
        callback.set_model(model)
        with self.assertRaisesRegex(ValueError, "built"):
            callback.on_test_begin()
