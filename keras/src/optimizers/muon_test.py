import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.adam_test import numpy_adam
from keras.src.optimizers.muon import Muon


def numpy_newton_schulz(x, steps, a=3.4445, b=-4.775, c=2.0315):
    x = x.astype("float64")
    tall = x.shape[-2] > x.shape[-1]
    if tall:
        x = np.swapaxes(x, -1, -2)
    norm = np.sqrt(np.sum(x**2, axis=(-2, -1), keepdims=True))
    x = x / (norm + 1e-7)
    for _ in range(steps):
        gram = x @ np.swapaxes(x, -1, -2)
        x = a * x + (b * gram + c * gram @ gram) @ x
    return np.swapaxes(x, -1, -2) if tall else x


def numpy_muon_step(lr, momentum=0.95, nesterov=True, ns_steps=5,
                    rms_rate=0.2):
    def step(w, g, state, t):
        if w.ndim != 2:
            return w, state
        m = momentum * state.get("m", 0.0) + g
        direction = g + momentum * m if nesterov else m
        update = numpy_newton_schulz(direction, ns_steps)
        scale = rms_rate * max(w.shape[-2:]) ** 0.5
        return w - lr * update * scale, {"m": m}

    return step


class MuonTest(testing.TestCase):
    def test_updates(self):
        # The vector gets AdamW steps, the matrix Muon steps.
        optimizer = Muon(learning_rate=0.1, weight_decay=0.0,
                         adam_weight_decay=0.0)
        actual = utils.run_updates(optimizer)
        adam = utils.numpy_updates(numpy_adam(0.1))
        muon = utils.numpy_updates(numpy_muon_step(0.1))
        for step in range(3):
            self.assertAllClose(actual[step][0], adam[step][0], atol=1e-5)
            self.assertAllClose(actual[step][1], muon[step][1], atol=1e-4)

    def test_options_and_weight_decays(self):
        optimizer = Muon(
            learning_rate=0.1, weight_decay=0.2, adam_weight_decay=0.3,
            adam_lr_ratio=0.5, momentum=0.5, nesterov=False, ns_steps=2,
            rms_rate=0.5,
        )
        actual = utils.run_updates(optimizer)
        adam = utils.numpy_updates(numpy_adam(0.05, weight_decay=0.6))
        muon_step = numpy_muon_step(0.1, 0.5, False, 2, 0.5)

        def decayed_muon(w, g, state, t):
            return muon_step(w * (1 - 0.2 * 0.1), g, state, t)

        muon = utils.numpy_updates(decayed_muon)
        self.assertAllClose(actual[-1][0], adam[-1][0], atol=1e-5)
        self.assertAllClose(actual[-1][1], muon[-1][1], atol=1e-4)

    def test_newton_schulz(self):
        rng = np.random.RandomState(0)
        optimizer = Muon()
        for shape, steps in (((3, 5), 5), ((5, 3), 2), ((2, 3, 4), 1)):
            x = rng.randn(*shape).astype("float32")
            self.assertAllClose(
                optimizer.zeropower_via_newtonschulz5(x, steps),
                numpy_newton_schulz(x, steps), atol=1e-4,
            )
        # Keras 3.15's result for the first case.
        x = np.random.RandomState(0).randn(3, 5).astype("float32")
        self.assertAllClose(
            optimizer.zeropower_via_newtonschulz5(x, 5)[0],
            [0.36151, -0.01929, 0.13564, 0.57787, 0.4778], atol=1e-4,
        )

    def test_helpers(self):
        optimizer = Muon(rms_rate=0.2)
        self.assertAllClose(
            optimizer.lr_adjust(np.ones((3, 5), "float32")),
            np.full((3, 5), 0.2 * 5**0.5),
        )
        self.assertEqual(
            tuple(optimizer.transpose_last_axis(ops.ones((2, 3, 4))).shape),
            (2, 4, 3),
        )

    def test_which_variables_use_adam(self):
        with backend.name_scope("embedding"):
            table = backend.Variable(np.ones((4, 3), "float32"),
                                     name="embeddings")
        with backend.name_scope("output_dense"):
            head = backend.Variable(np.ones((4, 3), "float32"),
                                    name="kernel")
        hidden = backend.Variable(np.ones((4, 3), "float32"), name="hidden")
        cube = backend.Variable(np.ones((2, 3, 4), "float32"), name="cube")
        optimizer = Muon(exclude_layers=["output.*"])
        optimizer.build([table, head, hidden, cube])
        self.assertEqual(
            [v.name for v in optimizer.variables[2:]],
            ["embedding_embeddings_momentum",
             "embedding_embeddings_velocity",
             "output_dense_kernel_momentum", "output_dense_kernel_velocity",
             "hidden_momentum", "cube_momentum", "cube_velocity"],
        )
        kept = Muon(exclude_embeddings=False)
        kept.build([table])
        self.assertLen(kept.variables, 3)

    def test_config(self):
        optimizer = Muon(exclude_layers=["head"], momentum=0.9, ns_steps=3)
        config = optimizer.get_config()
        self.assertEqual(config["exclude_layers"], ["head"])
        self.assertEqual(config["ns_steps"], 3)
        self.assertEqual(config["weight_decay"], 0.004)
        self.run_class_serialization_test(optimizer)
