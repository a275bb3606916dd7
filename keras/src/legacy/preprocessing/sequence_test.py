import json
import os
import random

import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.legacy.preprocessing import sequence

_DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "testdata")
with open(os.path.join(_DATA, "preprocessing_cases.json")) as f:
    _CASES = json.load(f)


class SkipgramsTest(testing.TestCase):
    def test_match_oracle(self):
        # The same seed of Python's `random` gives upstream's draws.
        random.seed(5)
        plain = sequence.skipgrams([1, 2, 0, 3, 4, 2], 6, window_size=2,
                                   negative_samples=0.0, shuffle=False)
        self.assertEqual(list(plain), _CASES["skipgrams_plain"])
        random.seed(5)
        drawn = sequence.skipgrams([1, 2, 0, 3, 4, 2], 6, window_size=1,
                                   negative_samples=1.5, shuffle=True,
                                   categorical=True)
        self.assertEqual(list(drawn), _CASES["skipgrams_random"])
        random.seed(5)
        sampled = sequence.skipgrams(
            [1, 2, 3, 4, 5], 6, window_size=1, shuffle=False,
            sampling_table=[0.0, 0.9, 0.1, 0.5, 0.5, 0.9])
        self.assertEqual(list(sampled), _CASES["skipgrams_sampled"])

    def test_sampling_table(self):
        table = sequence.make_sampling_table(6, sampling_factor=0.1)
        self.assertAllClose(table, _CASES["sampling_table"])
        self.assertEqual(sequence.make_sampling_table(100).shape, (100,))


class TimeseriesGeneratorTest(testing.TestCase):
    @parameterized.named_parameters(("plain", "plain"),
                                    ("strided", "strided"))
    def test_matches_oracle(self, name):
        cases = _CASES["timeseries"]
        expected = cases[name]
        generator = sequence.TimeseriesGenerator(
            np.array(cases["data"]), np.array(cases["targets"]),
            **expected["kwargs"])
        self.assertLen(generator, expected["len"])
        for i in range(len(generator)):
            x, y = generator[i]
            self.assertEqual(x.tolist(), expected["x"][i])
            self.assertEqual(y.tolist(), expected["y"][i])

    def test_config_shuffle_and_errors(self):
        data = np.arange(10)
        generator = sequence.TimeseriesGenerator(data, data, length=2,
                                                 batch_size=3, shuffle=True)
        x, y = generator[0]
        self.assertEqual(x.shape, (3, 2))
        self.assertAllEqual(x[:, -1] + 1, y)
        config = json.loads(generator.to_json())["config"]
        self.assertEqual(config["data"], list(range(10)))
        self.assertEqual(config["start_index"], 2)
        with self.assertRaisesRegex(ValueError, "same length"):
            sequence.TimeseriesGenerator(data, data[:5], length=2)
        with self.assertRaisesRegex(ValueError, "no window fits"):
            sequence.TimeseriesGenerator(data, data, length=12)
