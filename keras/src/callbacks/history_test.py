from keras.src import backend
from keras.src import testing
from keras.src.callbacks.history import History
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit


class HistoryTest(testing.TestCase):
    def test_records_epochs_and_logs(self):
        history = History()
        history.on_train_begin()
        history.on_epoch_end(0, {"loss": 0.5, "val_loss": 0.75})
        history.on_epoch_end(1, {"loss": 0.25, "val_loss": 0.5})
        self.assertEqual(history.epoch, [0, 1])
        self.assertEqual(
            history.history, {"loss": [0.5, 0.25], "val_loss": [0.75, 0.5]}
        )

    def test_second_fit_extends_history_and_restarts_epochs(self):
        history = History()
        history.on_train_begin()
        history.on_epoch_end(0, {"loss": 0.5})
        history.on_train_begin()
        history.on_epoch_end(0, {"loss": 0.25})
        self.assertEqual(history.epoch, [0])
        self.assertEqual(history.history, {"loss": [0.5, 0.25]})

    def test_keeps_values_unconverted(self):
        history = History()
        value = backend.convert_to_tensor(0.5)
        history.on_epoch_end(0, {"loss": value, "lr": None})
        self.assertIs(history.history["loss"][0], value)
        history.on_epoch_end(1)
        self.assertEqual(history.epoch, [0, 1])

    def test_is_model_history_in_a_loop(self):
        model = FakeModel()
        run_fit(model, [], [{"loss": 2.0}, {"loss": 1.0}])
        self.assertIsInstance(model.history, History)
        self.assertEqual(model.history.history["loss"], [2.0, 1.0])
