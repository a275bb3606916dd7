from keras.src import backend
from keras.src import testing
from keras.src.callbacks.callback import Callback
from keras.src.callbacks.callback_list import CallbackList
from keras.src.callbacks.history import History
from keras.src.callbacks.progbar_logger import ProgbarLogger
from keras.src.callbacks.test_utils import FakeModel

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
    """Records every hook call in a shared list, tagged with its name."""

    def __init__(self, name, record):
        super().__init__()
        for hook in _HOOKS_WITH_INDEX:
            setattr(self, hook, self._make(hook, name, record, True))
        for hook in _HOOKS:
            setattr(self, hook, self._make(hook, name, record, False))

    @staticmethod
    def _make(hook, name, record, with_index):
        if with_index:
            return lambda index, logs=None: record.append(
                (name, hook, index, logs)
            )
        return lambda logs=None: record.append((name, hook, None, logs))


class CallbackListTest(testing.TestCase):
    def test_dispatches_every_hook_in_order(self):
        record = []
        first, second = _Recorder("a", record), _Recorder("b", record)
        callbacks = CallbackList([first, second])
        logs = {"loss": backend.convert_to_tensor(1.0)}
        for hook in _HOOKS_WITH_INDEX:
            getattr(callbacks, hook)(3, logs)
        for hook in _HOOKS:
            getattr(callbacks, hook)(logs)
        expected = []
        for hook in _HOOKS_WITH_INDEX:
            expected += [("a", hook, 3, logs), ("b", hook, 3, logs)]
        for hook in _HOOKS:
            expected += [("a", hook, None, logs), ("b", hook, None, logs)]
        self.assertEqual(
            [(n, h, i) for n, h, i, _ in record],
            [(n, h, i) for n, h, i, _ in expected],
        )
        # The same dict, unconverted.
        self.assertTrue(all(entry[3] is logs for entry in record))

    def test_adds_history_and_progbar_after_user_callbacks(self):
        user = Callback()
        model = FakeModel()
        callbacks = CallbackList(
            [user],
            add_history=True,
            add_progbar=True,
            model=model,
            verbose=0,
            epochs=2,
            steps=3,
        )
        self.assertLen(callbacks.callbacks, 3)
        self.assertIs(callbacks.callbacks[0], user)
        self.assertIsInstance(callbacks.callbacks[1], History)
        self.assertIsInstance(callbacks.callbacks[2], ProgbarLogger)
        self.assertIs(model.history, callbacks.callbacks[1])
        self.assertEqual(
            callbacks.params, {"verbose": 0, "epochs": 2, "steps": 3}
        )
        for callback in callbacks.callbacks:
            self.assertIs(callback.model, model)
            self.assertEqual(callback.params, callbacks.params)

    def test_given_history_and_progbar_are_reused(self):
        history, progbar = History(), ProgbarLogger()
        model = FakeModel()
        callbacks = CallbackList(
            [history, progbar],
            add_history=True,
            add_progbar=True,
            model=model,
            verbose=1,
            epochs=1,
            steps=1,
        )
        self.assertEqual(callbacks.callbacks, [history, progbar])
        self.assertIs(model.history, history)

    def test_accepts_one_callback_a_list_or_none(self):
        callback = Callback()
        self.assertEqual(CallbackList(callback).callbacks, [callback])
        self.assertEqual(CallbackList((callback,)).callbacks, [callback])
        self.assertEqual(CallbackList().callbacks, [])
        self.assertEqual(CallbackList().params, None)
        nested = CallbackList(CallbackList([callback]))
        self.assertEqual(nested.callbacks, [callback])
        self.assertEqual(list(nested), [callback])

    def test_append_attaches_the_model_and_params(self):
        model = FakeModel()
        callbacks = CallbackList(model=model, epochs=1)
        callback = Callback()
        callbacks.append(callback)
        self.assertIs(callback.model, model)
        self.assertEqual(callback.params, {"epochs": 1})

    def test_rejects_non_callbacks(self):
        with self.assertRaisesRegex(TypeError, "Callback.*int"):
            CallbackList([Callback(), 3])
        with self.assertRaisesRegex(TypeError, "str"):
            CallbackList().append("callback")
