"""Tests of `jit_resolution`: `jit_compile` against `supports_jit`."""

import warnings

from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.dense import Dense
from keras.src.layers.layer import Layer
from keras.src.models.sequential import Sequential
from keras.src.trainers import jit_resolution


class Identity(Layer):
    def call(self, x):
        return x


class NoJit(Identity):
    supports_jit = False


class NoTorchJit(Identity):
    supports_jit = {"torch": False}  # noqa: RUF012


class Block(Layer):
    """A layer holding sublayers, one of them shared twice."""

    def __init__(self, shared, **kwargs):
        super().__init__(**kwargs)
        self.first = shared
        self.second = NoTorchJit(name="inner_no_torch")
        self.again = shared

    def call(self, x):
        return self.again(self.second(self.first(x)))


def _model(*extra):
    return Sequential([Dense(2), *extra])


def _warnings(fn, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn(*args)
    return result, [str(w.message) for w in caught]


class ResolveTest(testing.TestCase):
    @parameterized.parameters(
        ("jax", True, True), ("tensorflow", True, True),
        ("torch", False, False), ("numpy", False, False),
    )
    def test_auto_all_supported(self, name, auto_jit, expected):
        effective, unsupported = jit_resolution.resolve_jit_compile(
            _model(Identity()), "auto", name, auto_jit
        )
        self.assertIs(effective, expected)
        self.assertEqual(unsupported, [])

    @parameterized.parameters("jax", "tensorflow", "torch", "numpy")
    def test_auto_with_unsupported_is_false(self, name):
        bad = NoJit(name="bad")
        effective, unsupported = jit_resolution.resolve_jit_compile(
            _model(bad), "auto", name, True
        )
        self.assertIs(effective, False)
        self.assertEqual(unsupported, [bad])

    def test_backend_specific_table(self):
        model = _model(NoTorchJit())
        _, unsupported = jit_resolution.resolve_jit_compile(
            model, "auto", "jax", True)
        self.assertEqual(unsupported, [])
        _, unsupported = jit_resolution.resolve_jit_compile(
            model, True, "torch", False)
        self.assertLen(unsupported, 1)

    def test_instance_override(self):
        dense = Dense(3)
        dense.supports_jit = {"tensorflow": False}
        model = _model(dense)
        effective, unsupported = jit_resolution.resolve_jit_compile(
            model, "auto", "tensorflow", True)
        self.assertEqual((effective, unsupported), (False, [dense]))

    @parameterized.parameters(
        ("torch", True, True), ("torch", {"mode": "max-autotune"}, None),
        ("tensorflow", True, False), ("jax", True, False),
        ("jax", {"donate_argnums": 0}, False), ("numpy", True, False),
    )
    def test_explicit_with_unsupported(self, name, value, expected):
        bad = NoJit(name="bad")
        effective, unsupported = jit_resolution.resolve_jit_compile(
            _model(bad), value, name, name != "torch"
        )
        self.assertEqual(effective, value if expected is None else expected)
        self.assertEqual(unsupported, [bad])

    @parameterized.parameters("jax", "tensorflow", "torch")
    def test_explicit_all_supported_kept(self, name):
        options = {"some": "option"}
        effective, _ = jit_resolution.resolve_jit_compile(
            _model(Identity()), options, name, False)
        self.assertEqual(effective, options)
        self.assertIsNot(effective, options)
        effective, _ = jit_resolution.resolve_jit_compile(
            _model(Identity()), True, name, False)
        self.assertIs(effective, True)

    def test_false_stays_false(self):
        effective, unsupported = jit_resolution.resolve_jit_compile(
            _model(NoJit()), False, "jax", True)
        self.assertIs(effective, False)
        self.assertLen(unsupported, 1)

    def test_nested_deduplicated_in_model_order(self):
        shared = NoJit(name="shared")
        block = Block(shared, name="block")
        last = NoJit(name="last")
        model = _model(block, last)
        _, unsupported = jit_resolution.resolve_jit_compile(
            model, True, "torch", False)
        self.assertEqual(
            [layer.name for layer in unsupported],
            ["shared", "inner_no_torch", "last"],
        )
        _, unsupported = jit_resolution.resolve_jit_compile(
            model, True, "jax", True)
        self.assertEqual([layer.name for layer in unsupported],
                         ["shared", "last"])

    @parameterized.parameters("always", 1, None, "xla")
    def test_bad_value(self, value):
        with self.assertRaisesRegex(ValueError, "jit_compile=.*" +
                                    repr(value).replace("'", ".")):
            jit_resolution.resolve_jit_compile(
                _model(), value, "jax", True)

    def test_bad_backend_name(self):
        with self.assertRaisesRegex(ValueError, "backend_name='mxnet'"):
            jit_resolution.resolve_jit_compile(
                _model(), "auto", "mxnet", True)


class WarnTest(testing.TestCase):
    @parameterized.parameters(
        ("torch", "torch.compiler.disable"),
        ("tensorflow", "tf.function without XLA"),
        ("jax", "eagerly without jax.jit"),
    )
    def test_one_warning_naming_layers(self, name, action):
        first, second = NoJit(name="first"), NoJit(name="second")
        _, messages = _warnings(
            jit_resolution.warn_unsupported, [first, second], name)
        self.assertLen(messages, 1)
        self.assertIn("NoJit 'first', NoJit 'second'", messages[0])
        self.assertIn(action, messages[0])
        self.assertIn(name, messages[0])

    def test_custom_action_and_empty(self):
        _, messages = _warnings(
            jit_resolution.warn_unsupported, [NoJit(name="x")], "torch",
            "does something else")
        self.assertIn("does something else", messages[0])
        _, messages = _warnings(jit_resolution.warn_unsupported, [], "jax")
        self.assertEqual(messages, [])

    def test_resolve_and_warn(self):
        model = _model(NoJit(name="bad"))
        effective, messages = _warnings(
            jit_resolution.resolve_and_warn, model, True, "tensorflow", True)
        self.assertIs(effective, False)
        self.assertLen(messages, 1)
        self.assertIn("NoJit 'bad'", messages[0])
        # "auto", False and numpy never warn.
        for value, name in (("auto", "jax"), (False, "torch"),
                            (True, "numpy")):
            _, messages = _warnings(
                jit_resolution.resolve_and_warn, model, value, name, True)
            self.assertEqual(messages, [])
