import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import random
from keras.src import testing
from keras.src.backend.common import global_state
from keras.src.random import seed_generator
from keras.src.random.seed_generator import SeedGenerator
from keras.src.random.seed_generator import draw_seed


def _words(x):
    return backend.convert_to_numpy(x).tolist()


class SeedGeneratorTest(testing.TestCase):
    def test_state_variable(self):
        gen = SeedGenerator(42, name="gen")
        state = gen.state
        self.assertEqual(state.shape, (2,))
        self.assertEqual(state.dtype, backend.random_seed_dtype())
        self.assertFalse(state.trainable)
        self.assertEqual(state.path, "gen/seed_generator_state")
        self.assertEqual(_words(state.value), [42, 0])
        self.assertIs(gen.backend, backend)

    def test_default_names_are_unique(self):
        self.assertEqual(SeedGenerator(1).name, "seed_generator")
        self.assertEqual(SeedGenerator(1).name, "seed_generator_1")
        with backend.name_scope("outer"):
            gen = SeedGenerator(1)
        self.assertEqual(gen.state.path,
                         "outer/seed_generator_2/seed_generator_state")

    def test_next_returns_current_state_and_counts(self):
        gen = SeedGenerator(7)
        seeds = [_words(gen.next()) for _ in range(3)]
        self.assertEqual(seeds, [[7, 0], [7, 1], [7, 2]])
        self.assertEqual(_words(gen.state.value), [7, 3])
        self.assertDType(gen.next(), backend.random_seed_dtype())

    def test_returned_seed_is_not_aliased_to_the_state(self):
        gen = SeedGenerator(7)
        seed = gen.next()
        gen.next()
        self.assertEqual(_words(seed), [7, 0])

    def test_unordered_next_jumps_reproducibly(self):
        gen1, gen2 = SeedGenerator(7), SeedGenerator(7)
        self.assertEqual(_words(gen1.next(ordered=False)), [7, 0])
        state = _words(gen1.state.value)
        self.assertNotEqual(state[0], 7)
        gen2.next(ordered=False)
        self.assertEqual(_words(gen2.state.value), state)
        self.assertNotEqual(_words(gen1.next(ordered=False)), [7, 1])

    def test_seed_none_is_random_but_fixed_by_python_random(self):
        import random as python_random

        self.assertNotEqual(
            _words(SeedGenerator().state.value),
            _words(SeedGenerator().state.value),
        )
        python_random.seed(3)
        a = _words(SeedGenerator().state.value)
        python_random.seed(3)
        self.assertEqual(a, _words(SeedGenerator().state.value))

    def test_large_and_negative_seeds_fold_into_32_bits(self):
        gen = SeedGenerator(2**32 + 5)
        self.assertEqual(_words(gen.state.value), [5, 0])
        a = random.uniform((4,), seed=SeedGenerator(2**32 - 3))
        self.assertAllClose(a, random.uniform((4,), seed=SeedGenerator(-3)))
        self.assertAllClose(a, random.uniform((4,), seed=2**32 - 3))

    def test_config_round_trip(self):
        gen = SeedGenerator(42, name="my_gen")
        gen.next()
        config = gen.get_config()
        self.assertEqual(config, {"seed": 42, "name": "my_gen"})
        clone = SeedGenerator.from_config(config)
        self.assertEqual(clone.name, "my_gen")
        self.assertEqual(_words(clone.state.value), [42, 0])

    @parameterized.parameters((1.5,), ("a",), (True,), ([1, 2],))
    def test_bad_seed(self, seed):
        with self.assertRaisesRegex(ValueError, "must be an integer"):
            SeedGenerator(seed)

    def test_unknown_kwargs(self):
        with self.assertRaisesRegex(ValueError, "Unrecognized.*foo"):
            SeedGenerator(1, foo=2)

    def test_stateless_scope_routes_the_new_state(self):
        gen = SeedGenerator(5)
        with backend.StatelessScope() as scope:
            seed = gen.next()
            new_state = scope.get_current_value(gen.state)
            self.assertEqual(_words(gen.next()), [5, 1])
        self.assertEqual(_words(seed), [5, 0])
        self.assertEqual(_words(new_state), [5, 1])
        self.assertEqual(_words(gen.state.value), [5, 0])

    def test_stateless_scope_with_a_state_mapping(self):
        gen = SeedGenerator(5)
        mapped = np.array([9, 4]).astype(backend.random_seed_dtype())
        with backend.StatelessScope([(gen.state, mapped)]) as scope:
            x = random.normal((6,), seed=gen)
            new_state = scope.get_current_value(gen.state)
        self.assertAllClose(x, random.normal((6,), seed=mapped))
        self.assertEqual(_words(new_state), [9, 5])
        self.assertEqual(_words(gen.state.value), [5, 0])


class DrawSeedTest(testing.TestCase):
    def test_int_seed(self):
        seed = draw_seed(12)
        self.assertEqual(_words(seed), [12, 0])
        self.assertDType(seed, backend.random_seed_dtype())

    def test_seed_generator(self):
        gen = SeedGenerator(3)
        self.assertEqual(_words(draw_seed(gen)), [3, 0])
        self.assertEqual(_words(draw_seed(gen)), [3, 1])

    def test_seed_tensor(self):
        seed = draw_seed(np.array([4, 8], "int32"))
        self.assertEqual(_words(seed), [4, 8])
        self.assertDType(seed, backend.random_seed_dtype())

    def test_none_uses_the_global_generator(self):
        first = _words(draw_seed(None))
        gen = seed_generator.global_seed_generator()
        self.assertEqual(gen.name, "global_seed_generator")
        self.assertEqual(_words(gen.state.value), [first[0], first[1] + 1])
        self.assertIs(seed_generator.global_seed_generator(), gen)

    def test_clear_session_resets_the_global_generator(self):
        gen = seed_generator.global_seed_generator()
        global_state.clear_session(free_memory=False)
        self.assertIsNot(seed_generator.global_seed_generator(), gen)

    def test_bad_seed(self):
        with self.assertRaisesRegex(ValueError, "SeedGenerator"):
            draw_seed(1.0)
        with self.assertRaisesRegex(ValueError, r"shape \(2,\)"):
            draw_seed(np.zeros((3,), "int32"))


class KerasNamesTest(testing.TestCase):
    def test_default_seed_and_global_key(self):
        import random as python_random

        python_random.seed(5)
        first = seed_generator.make_default_seed()
        python_random.seed(5)
        self.assertEqual(seed_generator.make_default_seed(), first)
        self.assertTrue(1 <= first < 2**31)
        seed_generator.global_seed_generator()
        self.assertIsNotNone(global_state.get_global_attribute(
            seed_generator.GLOBAL_SEED_GENERATOR
        ))
