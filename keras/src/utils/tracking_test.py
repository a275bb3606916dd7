from keras.src import testing
from keras.src import tree
from keras.src.utils.tracking import TrackedDict
from keras.src.utils.tracking import TrackedList
from keras.src.utils.tracking import Tracker


class TrackerTest(testing.TestCase):
    def make(self):
        ints = []
        tracker = Tracker({"ints": (lambda v: isinstance(v, int),
                                    ints.append)})
        return tracker, ints

    def test_tracks_values_in_containers(self):
        tracker, ints = self.make()
        tracked = tracker.track([1, "a", {"k": 2}])
        self.assertIsInstance(tracked, TrackedList)
        self.assertIsInstance(tracked[2], TrackedDict)
        self.assertEqual(ints, [1, 2])
        inner = tracked[2]
        tracked.append(3)
        inner["x"] = 4
        tracked.extend([5])
        tracked.insert(0, 6)
        tracked[1] = 7
        inner.setdefault("y", 8)
        inner.update({"z": 9})
        self.assertEqual(ints, [1, 2, 3, 4, 5, 6, 7, 8, 9])

    def test_tuples_are_tracked_in_place(self):
        tracker, ints = self.make()
        value = (1, 2)
        self.assertIs(tracker.track(value), value)
        self.assertEqual(ints, [1, 2])

    def test_lock(self):
        tracker, _ = self.make()
        tracker.lock("No new state.")
        with self.assertRaisesRegex(ValueError, "No new state.*5"):
            tracker.track(5)
        tracker.unlock()
        tracker.track(5)

    def test_tree_nodes(self):
        tracked = TrackedList([1, TrackedDict({"b": 2, "a": 3})])
        self.assertEqual(tree.flatten(tracked), [1, 3, 2])
        doubled = tree.map_structure(lambda x: x * 2, tracked)
        self.assertIsInstance(doubled, TrackedList)
        self.assertEqual(doubled[1]["a"], 6)
