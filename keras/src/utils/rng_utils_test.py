import random as python_random
import sys

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import random
from keras.src import testing
from keras.src.random import seed_generator
from keras.src.utils.rng_utils import set_random_seed


class SetRandomSeedTest(testing.TestCase):
    def test_unseeded_draws_become_reproducible(self):
        set_random_seed(1337)
        a = random.normal((8,))
        b = random.normal((8,))
        set_random_seed(1337)
        self.assertAllClose(a, random.normal((8,)))
        self.assertAllClose(b, random.normal((8,)))
        set_random_seed(1338)
        self.assertNotAllClose(a, random.normal((8,)))

    def test_seeds_python_and_numpy(self):
        set_random_seed(7)
        a = (python_random.random(), np.random.rand())
        set_random_seed(7)
        self.assertEqual(a, (python_random.random(), np.random.rand()))

    def test_new_seed_generators_become_reproducible(self):
        set_random_seed(5)
        a = backend.convert_to_numpy(random.SeedGenerator().state.value)
        set_random_seed(5)
        b = backend.convert_to_numpy(random.SeedGenerator().state.value)
        self.assertAllEqual(a, b)

    def test_global_generator_takes_the_seed(self):
        set_random_seed(21)
        gen = seed_generator.global_seed_generator()
        self.assertAllEqual(gen.state.value, [21, 0])

    def test_seeds_loaded_frameworks(self):
        set_random_seed(3)
        torch = sys.modules.get("torch")
        if torch is not None:
            a = torch.rand(4)
            set_random_seed(3)
            self.assertAllClose(a, torch.rand(4))
        tf = sys.modules.get("tensorflow")
        if tf is not None:
            set_random_seed(3)
            a = tf.random.uniform((4,))
            set_random_seed(3)
            self.assertAllClose(a, tf.random.uniform((4,)))

    def test_does_not_import_frameworks(self):
        loaded = {"torch", "tensorflow", "jax"} & set(sys.modules)
        set_random_seed(1)
        self.assertEqual({"torch", "tensorflow", "jax"} & set(sys.modules),
                         loaded)

    @parameterized.parameters(
        (1.5, "integer"), ("a", "integer"), (None, "integer"),
        (True, "integer"), (-1, r"\[0, 2\*\*32\)"), (2**32, r"\[0, 2\*\*32\)"),
    )
    def test_bad_seeds(self, seed, message):
        with self.assertRaisesRegex(ValueError, message):
            set_random_seed(seed)

    def test_numpy_integer_seed(self):
        set_random_seed(np.int64(9))
        a = random.uniform((3,))
        set_random_seed(9)
        self.assertAllClose(a, random.uniform((3,)))


class GetRandomSeedTest(testing.TestCase):
    def test_get_random_seed(self):
        from keras.src.utils import rng_utils

        self.assertEqual(rng_utils.GLOBAL_RANDOM_SEED, "global_random_seed")
        set_random_seed(5)
        self.assertEqual(rng_utils.get_random_seed(), 5)
