from keras.src import testing
from keras.src.callbacks.callback import Callback

_HOOKS_WITH_INDEX = [
    "on_batch_begin",
    "on_batch_end",
    "on_epoch_begin",
    "on_epoch_end",
    "on_train_batch_begin",
    "on_train_batch_end",
    "on_test_batch_begin",
    "on_test_batch_end",
    "on_predict_batch_begin",
    "on_predict_batch_end",
]
_HOOKS = [
    "on_train_begin",
    "on_train_end",
    "on_test_begin",
    "on_test_end",
    "on_predict_begin",
    "on_predict_end",
]


class _Recorder(Callback):
    def __init__(self):
        super().__init__()
        self.calls = []

    def on_batch_begin(self, batch, logs=None):
        self.calls.append(("begin", batch, logs))

    def on_batch_end(self, batch, logs=None):
        self.calls.append(("end", batch, logs))


class CallbackTest(testing.TestCase):
    def test_defaults(self):
        callback = Callback()
        self.assertIsNone(callback.params)
        self.assertIsNone(callback.model)
        for name in _HOOKS_WITH_INDEX:
            self.assertIsNone(getattr(callback, name)(0))
            self.assertIsNone(getattr(callback, name)(0, {"loss": 1.0}))
        for name in _HOOKS:
            self.assertIsNone(getattr(callback, name)())

    def test_set_model_and_params(self):
        callback = Callback()
        model = object()
        callback.set_model(model)
        callback.set_params({"epochs": 2})
        self.assertIs(callback.model, model)
        self.assertEqual(callback.params, {"epochs": 2})

    def test_train_batch_hooks_call_the_legacy_batch_hooks(self):
        recorder = _Recorder()
        recorder.on_train_batch_begin(3)
        recorder.on_train_batch_end(3, {"loss": 0.5})
        recorder.on_test_batch_end(4, {"loss": 0.5})
        self.assertEqual(
            recorder.calls,
            [("begin", 3, None), ("end", 3, {"loss": 0.5})],
        )

    def test_model_property_syncs_state_first(self):
        class Model:
            synced = 0

            def jax_state_sync(self):
                self.synced += 1

        model = Model()
        callback = Callback()
        callback.set_model(model)
        self.assertIs(callback.model, model)
        self.assertEqual(model.synced, 1)
