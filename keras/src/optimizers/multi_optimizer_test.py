import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.optimizers.adam import Adam
from keras.src.optimizers.multi_optimizer import MultiOptimizer
from keras.src.optimizers.multi_optimizer import OptimizerMap
from keras.src.optimizers.sgd import SGD


def _variable(path):
    scope, name = path.split("/")
    with backend.name_scope(scope):
        return backend.Variable(np.ones(2, "float32"), name=name)


class OptimizerMapTest(testing.TestCase):
    def test_lookup(self):
        sgd, adam, other = SGD(), Adam(), Adam()
        mapping = OptimizerMap(sgd, {"enc.*": adam})
        self.assertIs(mapping["encoder/kernel"], adam)
        self.assertIs(mapping["enc.*"], adam)
        self.assertIs(mapping["xencoder/kernel"], sgd)
        self.assertIs(mapping.get("head/bias"), sgd)
        mapping["e.*"] = other
        with self.assertRaisesRegex(ValueError, "Multiple optimizers"):
            mapping["encoder/kernel"]
        self.assertEqual(list(mapping.keys()), ["enc.*", "e.*"])
        self.assertIs(mapping.pop("e.*"), other)
        self.assertLen(mapping, 1)

    def test_bad_values(self):
        with self.assertRaisesRegex(TypeError, "default_optimizer"):
            OptimizerMap("sgd")
        mapping = OptimizerMap(SGD())
        with self.assertRaisesRegex(ValueError, "Received: 3"):
            mapping["x"] = 3

    def test_config_round_trip(self):
        mapping = OptimizerMap(SGD(0.5), {"enc.*": Adam(0.25)})
        copy = OptimizerMap.from_config(mapping.get_config())
        self.assertIsInstance(copy.default_optimizer, SGD)
        self.assertAllClose(copy["enc.*"].learning_rate, 0.25)


class MultiOptimizerTest(testing.TestCase):
    def test_routes_variables(self):
        adam, sgd = Adam(learning_rate=0.1), SGD(learning_rate=0.1)
        optimizer = MultiOptimizer(
            OptimizerMap(sgd, {"enc.*": adam}), loss_scale_factor=2.0
        )
        encoder = _variable("encoder/kernel")
        head = _variable("head/kernel")
        optimizer.apply([np.full(2, 4.0, "float32")] * 2, [encoder, head])
        self.assertAllClose(encoder, [0.9, 0.9], atol=1e-5)
        self.assertAllClose(head, [0.8, 0.8])
        self.assertEqual(optimizer.optimizers, [adam, sgd])
        self.assertEqual(
            [v.path for v in optimizer.variables],
            ["multi_optimizer/iteration", "multi_optimizer/learning_rate",
             "adam/iteration", "adam/learning_rate",
             "adam/encoder_kernel_momentum",
             "adam/encoder_kernel_velocity",
             "sgd/iteration", "sgd/learning_rate"],
        )
        self.assertAllClose(optimizer.iterations, 1)
        self.assertAllClose(optimizer.scale_loss(3.0), 6.0)

    def test_function_selector(self):
        def select(variable):
            return Adam(0.1) if "enc" in variable.path else SGD(0.1)

        optimizer = MultiOptimizer(select)
        encoder, head = _variable("enc/w"), _variable("head/w")
        optimizer.apply([np.ones(2, "float32")] * 2, [encoder, head])
        self.assertEqual(
            [type(o).__name__ for o in optimizer.optimizers],
            ["Adam", "SGD"],
        )
        self.assertAllClose(head, [0.9, 0.9])

    def test_stateless_apply(self):
        optimizer = MultiOptimizer(OptimizerMap(SGD(0.5), {"a.*": Adam()}))
        w = _variable("b/w")
        optimizer.build([w])
        values = [v.value for v in optimizer.variables]
        new_w, _ = optimizer.stateless_apply(
            values, [np.ones(2, "float32")], [w.value]
        )
        self.assertAllClose(new_w[0], [0.5, 0.5])
        self.assertAllClose(w, [1.0, 1.0])

    def test_learning_rate_is_not_available(self):
        optimizer = MultiOptimizer(OptimizerMap(SGD()))
        with self.assertRaisesRegex(AttributeError, "sub-optimizers"):
            optimizer.learning_rate
        with self.assertRaisesRegex(AttributeError, "sub-optimizers"):
            optimizer.learning_rate = 0.1

    def test_bad_arguments(self):
        with self.assertRaisesRegex(TypeError, "optimizer_map=3"):
            MultiOptimizer(3)
        optimizer = MultiOptimizer(lambda variable: "sgd")
        with self.assertRaisesRegex(ValueError, "chosen for"):
            optimizer.build([_variable("a/w")])

    def test_config(self):
        optimizer = MultiOptimizer(
            OptimizerMap(SGD(), {"enc.*": Adam(0.25)}), name="multi"
        )
        config = optimizer.get_config()
        self.assertEqual(config["name"], "multi")
        self.assertEqual(config["optimizer_map"]["class_name"],
                         "OptimizerMap")
        copy = self.run_class_serialization_test(optimizer)
        self.assertAllClose(copy.optimizer_map["enc.*"].learning_rate, 0.25)
