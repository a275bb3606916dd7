from keras.src import testing
from keras.src.callbacks.lambda_callback import LambdaCallback
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit


class LambdaCallbackTest(testing.TestCase):
    def test_hooks_are_called_with_their_arguments(self):
        calls = []
        callback = LambdaCallback(
            on_epoch_begin=lambda e, logs: calls.append(("eb", e, logs)),
            on_epoch_end=lambda e, logs: calls.append(("ee", e, logs)),
            on_train_begin=lambda logs: calls.append(("tb", logs)),
            on_train_end=lambda logs: calls.append(("te", logs)),
            on_train_batch_begin=lambda b, logs: calls.append(("bb", b)),
            on_train_batch_end=lambda b, logs: calls.append(("be", b)),
        )
        run_fit(FakeModel(), [callback], [{"loss": 0.5}], steps=2)
        self.assertEqual(
            calls,
            [
                ("tb", {}),
                ("eb", 0, {}),
                ("bb", 0),
                ("be", 0),
                ("bb", 1),
                ("be", 1),
                ("ee", 0, {"loss": 0.5}),
                ("te", {"loss": 0.5}),
            ],
        )

    def test_other_hooks_through_kwargs(self):
        calls = []
        callback = LambdaCallback(
            on_test_begin=lambda logs: calls.append(("test", logs)),
            on_predict_batch_end=lambda b, logs: calls.append((b, logs)),
        )
        callback.on_test_begin()
        callback.on_predict_batch_end(2, {"outputs": 1})
        callback.on_epoch_end(0, {"loss": 1.0})
        self.assertEqual(calls, [("test", None), (2, {"outputs": 1})])

    def test_other_names_become_attributes(self):
        callback = LambdaCallback(custom_hook=lambda: "called", size=3)
        self.assertEqual(callback.custom_hook(), "called")
        self.assertEqual(callback.size, 3)

    def test_invalid_hooks(self):
        with self.assertRaisesRegex(TypeError, "on_epoch_end=3"):
            LambdaCallback(on_epoch_end=3)
