import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend import KerasTensor
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.random.seed_generator import SeedGenerator


class Linear(Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.kernel = self.add_weight(
            shape=(input_shape[-1], self.units), name="kernel"
        )
        self.bias = self.add_weight(
            shape=(self.units,), initializer="zeros", name="bias"
        )
        self.input_spec = InputSpec(min_ndim=2, axes={-1: input_shape[-1]})

    def call(self, x):
        return ops.matmul(x, self.kernel) + self.bias

    def compute_output_shape(self, input_shape):
        return input_shape[:-1] + (self.units,)


class Block(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.first = Linear(3)
        self.rest = [Linear(2), {"out": Linear(1)}]
        self.counter = self.add_weight(
            shape=(), initializer="zeros", trainable=False, name="counter"
        )

    def call(self, x, training=None):
        self.seen_training = training
        x = self.first(x)
        x = self.rest[0](x)
        return self.rest[1]["out"](x)


class TrainingProbe(Layer):
    def call(self, x, training=False):
        self.seen = training
        return x


class Outer(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.probe = TrainingProbe()

    def call(self, x):
        return self.probe(x)


class LayerTest(testing.TestCase):
    def test_lazy_build_and_weights(self):
        layer = Linear(4, name="lin")
        self.assertFalse(layer.built)
        y = layer(np.ones((2, 3)))
        self.assertTrue(layer.built)
        self.assertEqual(tuple(y.shape), (2, 4))
        self.assertEqual([w.path for w in layer.weights],
                         ["lin/kernel", "lin/bias"])
        self.assertEqual(layer.count_params(), 16)
        self.assertEqual(layer.get_build_config(), {"input_shape": (2, 3)})

    def test_tracking_of_sublayers_in_lists_and_dicts(self):
        block = Block()
        block(np.ones((2, 5)))
        self.assertLen(block._layers, 3)
        self.assertLen(block.trainable_weights, 6)
        self.assertLen(block.non_trainable_weights, 1)
        self.assertLen(block.weights, 7)
        # Own weights first, then the sublayers' in tracking order.
        self.assertIs(block.weights[0], block.counter)
        self.assertIs(block.weights[1], block.first.kernel)

    def test_appending_to_tracked_list_tracks(self):
        block = Block()
        block.rest.append(Linear(5))
        self.assertLen(block._layers, 4)

    def test_trainable_toggle_propagates(self):
        block = Block()
        block(np.ones((2, 5)))
        block.trainable = False
        self.assertEqual(block.trainable_weights, [])
        self.assertLen(block.non_trainable_weights, 7)
        self.assertFalse(block.first.trainable)
        block.first.trainable = True
        self.assertLen(block.first.trainable_weights, 2)

    def test_weight_built_in_a_frozen_layer_is_listed_once(self):
        from keras.src.layers.core.dense import Dense

        layer = Dense(2, trainable=False)
        layer.build((None, 3))
        self.assertLen(layer.weights, 2)
        self.assertEqual(layer.trainable_weights, [])
        layer.trainable = True
        self.assertLen(layer.trainable_weights, 2)
        self.assertEqual(layer.non_trainable_weights, [])

    def test_wrong_input_shape_names_layer(self):
        layer = Linear(2, name="proj")
        layer(np.ones((2, 3)))
        with self.assertRaisesRegex(ValueError, "proj.*3.*\\(2, 5\\)"):
            layer(np.ones((2, 5)))

    def test_set_weights_checks(self):
        layer = Linear(2, name="proj")
        layer.build((None, 3))
        with self.assertRaisesRegex(ValueError, "proj.*length 1.*2"):
            layer.set_weights([np.ones((3, 2))])
        with self.assertRaisesRegex(ValueError, "proj.*\\(3, 2\\).*\\(4, 2"):
            layer.set_weights([np.ones((4, 2)), np.ones((2,))])
        layer.set_weights([np.full((3, 2), 2.0), np.ones((2,))])
        self.assertAllClose(layer(np.ones((1, 3))), [[7.0, 7.0]])
        self.assertAllClose(layer.get_weights()[1], np.ones((2,)))

    def test_count_params_unbuilt(self):
        with self.assertRaisesRegex(ValueError, "isn't built"):
            Linear(2, name="lazy").count_params()

    def test_training_propagates_to_sublayers(self):
        outer = Outer()
        outer(np.ones((1, 2)), training=True)
        self.assertTrue(outer.probe.seen)
        outer(np.ones((1, 2)))
        self.assertFalse(outer.probe.seen)  # call's default
        block = Block()
        block(np.ones((1, 2)), training=True)
        self.assertTrue(block.seen_training)

    def test_symbolic_call(self):
        layer = Linear(3)
        y = layer(KerasTensor((None, 4)))
        self.assertEqual(y.shape, (None, 3))
        self.assertTrue(layer.built)
        self.assertIs(layer.output, y)

    def test_compute_output_spec_by_tracing(self):
        class Twice(Layer):
            def call(self, x):
                return ops.concatenate([x, x], axis=-1)

        self.assertEqual(Twice()(KerasTensor((None, 2))).shape, (None, 4))

    def test_add_loss_and_activity_regularizer(self):
        class Penalty(Layer):
            def call(self, x):
                self.add_loss(ops.sum(x))
                return x

        layer = Penalty(activity_regularizer="l2")
        layer(np.ones((2, 2)))
        self.assertLen(layer.losses, 2)
        self.assertAllClose(layer.losses[0], 4.0)
        self.assertAllClose(layer.losses[1], 0.02)  # 0.04 / batch of 2
        layer(np.ones((1, 2)))
        self.assertLen(layer.losses, 2)  # Cleared at each outer call.

    def test_weight_regularizer_losses(self):
        layer = Layer()
        layer.add_weight(shape=(2,), initializer="ones", regularizer="l1")
        self.assertAllClose(layer.losses[0], 0.02)

    def test_nested_plain_calls_keep_training_masks_and_checks(self):
        # The second and later nested calls of a plain layer on an input
        # of the same shape and dtype take `_call_with_context`'s fast
        # path; they must behave as the first (full) one.
        class Wrap(Layer):
            def __init__(self, inner, **kwargs):
                super().__init__(**kwargs)
                self.inner = inner

            def call(self, x, training=None, mask=None):
                return self.inner(x, training=training)

        class Probe(Layer):
            def __init__(self, **kwargs):
                super().__init__(**kwargs)
                self.supports_masking = True

            def call(self, x, training=None):
                self.seen = training
                return x * 2.0

        probe = Probe()
        outer = Wrap(probe)
        x = ops.ones((2, 3))
        for _ in range(2):
            outer(x, training=True)
            self.assertTrue(probe.seen)
            outer(x)
            self.assertIsNone(probe.seen)
        self.assertIsNotNone(probe._plain_input)
        # The mask reaches the output through the fast path.
        if backend.backend() in ("torch", "tensorflow"):
            backend.set_keras_mask(x, ops.array([True, False]))
            y = outer(x)
            self.assertAllEqual(backend.get_keras_mask(y), [True, False])
            backend.set_keras_mask(x, None)
        # Attributes set later take effect on the next nested call.
        probe.activity_regularizer = lambda y: ops.sum(y)
        outer(x)
        self.assertLen(outer.losses, 1)
        self.assertAllClose(outer.losses[0], 6.0)  # 12 / batch of 2
        probe.input_spec = InputSpec(axes={-1: 4})
        with self.assertRaisesRegex(ValueError, "incompatible"):
            outer(x)
        probe.input_spec = None
        probe.activity_regularizer = None
        probe.dtype_policy = "float16"
        self.assertEqual(backend.standardize_dtype(outer(x).dtype),
                         "float16")
        # Another dtype goes through the cast again.
        probe.dtype_policy = "float32"
        y = outer(ops.ones((2, 3), dtype="float64"))
        self.assertEqual(backend.standardize_dtype(y.dtype), "float32")

    def test_masking_propagation(self):
        class MakeMask(Layer):
            def compute_mask(self, inputs, previous_mask):
                return ops.not_equal(inputs[..., 0], 0)

            def call(self, x):
                return x

        class UseMask(Layer):
            def call(self, x, mask=None):
                self.mask_seen = mask
                return x

        make, use = MakeMask(), UseMask()
        x = make(np.array([[[1.0], [0.0]]]))
        if backend.backend() in ("torch", "tensorflow"):
            use(x)
            self.assertAllEqual(use.mask_seen, [[True, False]])
        symbolic = make(KerasTensor((None, 2, 1)))
        self.assertEqual(symbolic._keras_mask.shape, (None, 2))

    def test_dtype_policies(self):
        layer = Linear(2, dtype="mixed_float16")
        y = layer(np.ones((1, 3), "float32"))
        self.assertDType(y, "float16")
        self.assertDType(layer.kernel, "float32")
        self.assertEqual(layer.dtype, "float32")
        self.assertEqual(layer.compute_dtype, "float16")
        y64 = Linear(2)(np.ones((1, 3), "float64"))
        self.assertDType(y64, "float32")
        if backend.backend() != "jax":  # JAX computes in 32 bits.
            layer = Linear(2, dtype="float64")
            self.assertDType(layer(np.ones((1, 3))), "float64")

    def test_get_config_auto_and_round_trip(self):
        layer = Linear(3, name="auto", trainable=False)
        config = layer.get_config()
        self.assertEqual(config["units"], 3)
        self.assertEqual(config["name"], "auto")
        clone = Linear.from_config(config)
        self.assertEqual(clone.units, 3)
        self.assertFalse(clone.trainable)

    def test_get_config_unserializable_argument(self):
        class Holder(Layer):
            def __init__(self, table, **kwargs):
                super().__init__(**kwargs)
                self.table = table

        with self.assertRaisesRegex(NotImplementedError, "get_config"):
            Holder(np.ones(2)).get_config()

    def test_unknown_kwargs(self):
        with self.assertRaisesRegex(ValueError, "Unrecognized.*foo"):
            Linear(2, foo=1)

    def test_init_errors_name_the_layer(self):
        class Picky(Layer):
            def __init__(self, rate, **kwargs):
                super().__init__(**kwargs)
                if rate < 0:
                    raise ValueError(f"rate must be >= 0, got {rate}")

        with self.assertRaisesRegex(ValueError, "Picky 'p'.*rate must"):
            Picky(-1, name="p")

    def test_unknown_initializer_names_layer(self):
        class Bad(Layer):
            def __init__(self, **kwargs):
                super().__init__(**kwargs)
                self.w = self.add_weight(shape=(1,), initializer="nope")

        with self.assertRaisesRegex(ValueError, "Bad 'b'.*nope"):
            Bad(name="b")

    def test_name_uniquing(self):
        a, b = Linear(1), Linear(1)
        self.assertEqual(a.name, "linear")
        self.assertEqual(b.name, "linear_1")

    def test_supports_jit_table(self):
        class NoTorch(Layer):
            supports_jit = {"torch": False}

        layer = NoTorch()
        self.assertFalse(layer.supports_jit["torch"])
        self.assertTrue(layer.supports_jit["jax"])
        layer.supports_jit = False
        self.assertEqual(set(layer.supports_jit.values()), {False})
        layer.supports_jit = {"jax": True}
        self.assertTrue(layer.supports_jit["jax"])
        self.assertTrue(NoTorch().supports_jit["tensorflow"])
        self.assertNotIn("supports_jit", NoTorch().get_config())
        with self.assertRaisesRegex(ValueError, "supports_jit.*cuda"):
            layer.supports_jit = {"cuda": True}

    def test_seed_generators_are_state(self):
        class Noisy(Layer):
            def __init__(self, **kwargs):
                super().__init__(**kwargs)
                self.seed_generator = SeedGenerator(1)

        layer = Noisy()
        self.assertLen(layer.variables, 1)
        self.assertLen(layer.weights, 0)
        self.assertLen(layer.non_trainable_variables, 1)

    def test_stateless_call(self):
        layer = Linear(2)
        layer.build((None, 3))
        kernel = np.ones((3, 2), "float32")
        bias = np.zeros((2,), "float32")
        y, non_trainable = layer.stateless_call(
            [kernel, bias], [], np.ones((1, 3), "float32")
        )
        self.assertAllClose(y, [[3.0, 3.0]])
        self.assertEqual(non_trainable, [])
        self.assertNotAllClose(layer.kernel, kernel)
        with self.assertRaisesRegex(ValueError, "2 trainable_variables"):
            layer.stateless_call([kernel], [], np.ones((1, 3)))

    def test_stateless_call_returns_updates_and_losses(self):
        class Count(Layer):
            def build(self, input_shape):
                self.count = self.add_weight(
                    shape=(), initializer="zeros", trainable=False
                )

            def call(self, x):
                self.count.assign_add(1.0)
                self.add_loss(ops.sum(x))
                return x

        layer = Count()
        layer.build((None, 1))
        _, (count,), losses = layer.stateless_call(
            [], [np.array(5.0, "float32")], np.ones((2, 1)),
            return_losses=True,
        )
        self.assertAllClose(count, 6.0)
        self.assertAllClose(losses[0], 2.0)
        self.assertAllClose(layer.count, 0.0)

    def test_build_with_several_shapes(self):
        class Pair(Layer):
            def build(self, a_shape, b_shape):
                self.shapes = (a_shape, b_shape)

            def call(self, a, b):
                return a + b

        layer = Pair()
        layer(np.ones((2, 3)), np.ones((2, 3)))
        self.assertEqual(layer.shapes, ((2, 3), (2, 3)))
        self.assertEqual(
            layer.get_build_config(),
            {"shapes_dict": {"a_shape": (2, 3), "b_shape": (2, 3)}},
        )
        fresh = Pair()
        fresh.build_from_config(layer.get_build_config())
        self.assertTrue(fresh.built)

    def test_add_metric_removed(self):
        with self.assertRaisesRegex(RuntimeError, "add_metric"):
            Layer().add_metric(1.0)

    def test_repr_and_call_signature(self):
        layer = Linear(2, name="r")
        self.assertEqual(repr(layer), "<Linear name=r, built=False>")
        self.assertEqual(layer.call_signature_parameters, ["x"])

    @pytest.mark.skipif(backend.backend() != "torch", reason="torch only")
    def test_torch_module_parameters(self):
        block = Block()
        block(np.ones((2, 5)))
        params = list(block.parameters())
        self.assertLen(params, 7)
        ids = {id(p) for p in params}
        self.assertIn(id(block.first.kernel.value), ids)
        names = [n for n, _ in block.named_parameters()]
        self.assertIn("counter", names)
        self.assertIn("linear.kernel", names)

    @pytest.mark.skipif(backend.backend() != "torch", reason="torch only")
    def test_torch_optimizer_trains_keras_variables(self):
        import torch

        layer = Linear(1)
        layer.build((None, 2))
        before = layer.get_weights()[0].copy()
        optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
        loss = layer(torch.ones((4, 2))).sum()
        loss.backward()
        optimizer.step()
        self.assertAllClose(layer.get_weights()[0], before - 0.4)
        layer.trainable = False
        self.assertFalse(layer.kernel.value.requires_grad)

    def test_add_weight_positional_arguments(self):
        layer = Layer(name="pos")
        weight = layer.add_weight((3,), "ones")
        self.assertEqual(weight.shape, (3,))
        self.assertAllClose(weight, np.ones(3))
        with self.assertRaisesRegex(ValueError, "pos.*keyword.*'w'"):
            layer.add_weight("w", (2,))

    def test_frozen_weights_add_no_regularization_loss(self):
        layer = Layer()
        layer.add_weight(shape=(2,), initializer="ones", regularizer="l1",
                         trainable=False)
        self.assertEqual(layer.losses, [])


class CallHelpersTest(testing.TestCase):
    def test_call_spec_and_shapes(self):
        import inspect

        from keras.src.layers import layer as layer_module

        def call(x, y=None, mask=None, training=None):
            return x

        x = KerasTensor((None, 3))
        spec = layer_module.CallSpec(
            inspect.signature(call), ["training"],
            (x, [KerasTensor((1,)), KerasTensor((4,))]),
            {"mask": KerasTensor((None,))},
        )
        self.assertEqual(spec.argument_names, ["x", "y", "mask"])
        self.assertEqual(spec.nested_tensor_argument_names, ["y"])
        self.assertIs(spec.first_arg, x)
        self.assertFalse(spec.eager)
        shapes = layer_module.get_shapes_dict(spec)
        self.assertEqual(shapes, {"x_shape": (None, 3),
                                  "y_shape": [(1,), (4,)]})

        def build(x_shape, y_shape):
            pass

        self.assertEqual(
            layer_module.update_shapes_dict_for_target_fn(
                build, {"x_shape": (None, 3)}, spec, "Probe"
            ),
            {"x_shape": (None, 3), "y_shape": None},
        )

        def bad_build(a_shape, b_shape):
            pass

        with self.assertRaisesRegex(ValueError, "does not have argument"):
            layer_module.update_shapes_dict_for_target_fn(
                bad_build, {}, spec, "Probe"
            )

    def test_small_helpers(self):
        from keras.src.layers import layer as layer_module

        self.assertTrue(layer_module.is_shape_tuple((2, None)))
        self.assertFalse(layer_module.is_shape_tuple((2, "a")))
        self.assertTrue(
            layer_module.is_backend_tensor_or_symbolic(ops.ones((2,)))
        )
        self.assertTrue(
            layer_module.is_backend_tensor_or_symbolic(None, allow_none=True)
        )
        self.assertEqual(
            layer_module.get_arguments_dict(lambda a, b=2: a, (1,), {}),
            {"a": 1},
        )
        context = layer_module.CallContext(Layer())
        context.set_value("training", True)
        self.assertTrue(context.get_value("training"))
        self.assertEqual(context.get_value("other", 0), 0)
