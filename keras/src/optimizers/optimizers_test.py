from keras.src import testing
from keras.src import optimizers
from keras.src.optimizers.schedules import learning_rate_schedule


class GetSerializeTest(testing.TestCase):
    def test_get_by_name(self):
        for name, cls in [
            ("adam", optimizers.Adam), ("Adam", optimizers.Adam),
            ("ADAM", optimizers.Adam), ("sgd", optimizers.SGD),
            ("rmsprop", optimizers.RMSprop), ("adamw", optimizers.AdamW),
            ("AdamW", optimizers.AdamW), ("adagrad", optimizers.Adagrad),
            ("adadelta", optimizers.Adadelta), ("adamax", optimizers.Adamax),
            ("nadam", optimizers.Nadam), ("ftrl", optimizers.Ftrl),
            ("lion", optimizers.Lion), ("lamb", optimizers.Lamb),
            ("adafactor", optimizers.Adafactor),
        ]:
            self.assertIsInstance(optimizers.get(name), cls, msg=name)

    def test_get_passes_through(self):
        optimizer = optimizers.SGD()
        self.assertIs(optimizers.get(optimizer), optimizer)
        self.assertIsNone(optimizers.get(None))

    def test_get_config_dicts(self):
        optimizer = optimizers.get(
            {"class_name": "adam", "config": {"learning_rate": 0.5}}
        )
        self.assertIsInstance(optimizer, optimizers.Adam)
        self.assertAllClose(optimizer.learning_rate, 0.5)
        optimizer = optimizers.get(
            {"class_name": "SGD", "config": {"momentum": 0.5}}
        )
        self.assertEqual(optimizer.momentum, 0.5)

    def test_unknown_names(self):
        with self.assertRaisesRegex(ValueError, "'foo'.*adam.*sgd"):
            optimizers.get("foo")
        with self.assertRaisesRegex(ValueError, "identifier: 3"):
            optimizers.get(3)
        with self.assertRaisesRegex(ValueError, "loss_scale"):
            optimizers.get("loss_scale_optimizer")

    def test_serialize_round_trip(self):
        schedule = learning_rate_schedule.ExponentialDecay(0.1, 10, 0.9)
        for optimizer in [
            optimizers.Adam(learning_rate=0.25, amsgrad=True),
            optimizers.SGD(learning_rate=schedule, momentum=0.9),
            optimizers.LossScaleOptimizer(optimizers.RMSprop()),
        ]:
            config = optimizers.serialize(optimizer)
            # On torch, Keras's torch subclass (see torch_subclass_test).
            self.assertIn(config["module"], (
                "keras.optimizers", type(optimizer).__module__))
            copy = optimizers.deserialize(config)
            self.assertIs(type(copy), type(optimizer))
            self.assertEqual(
                optimizers.serialize(copy)["config"], config["config"]
            )

    def test_deserialize_is_case_insensitive(self):
        copy = optimizers.deserialize(
            {"class_name": "rmsprop", "config": {"rho": 0.5}}
        )
        self.assertIsInstance(copy, optimizers.RMSprop)
        self.assertEqual(copy.rho, 0.5)

    def test_legacy_optimizers_raise(self):
        with self.assertRaisesRegex(ImportError, "not supported in Keras 3"):
            optimizers.LegacyOptimizerWarning(learning_rate=0.1)
