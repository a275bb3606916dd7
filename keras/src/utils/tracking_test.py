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


class TrackingScopeTest(testing.TestCase):
    def test_do_not_track_scope_nests(self):
        from keras.src.utils import tracking

        self.assertTrue(tracking.is_tracking_enabled())
        with tracking.DotNotTrackScope():
            with tracking.DotNotTrackScope():
                self.assertFalse(tracking.is_tracking_enabled())
            self.assertFalse(tracking.is_tracking_enabled())
        self.assertTrue(tracking.is_tracking_enabled())

        @tracking.no_automatic_dependency_tracking
        def probe():
            return tracking.is_tracking_enabled()

        self.assertFalse(probe())
        self.assertEqual(probe.__name__, "probe")

    def test_layer_attributes(self):
        import collections

        from keras.src import layers
        from keras.src.utils import tracking

        class Holder(layers.Layer):
            def __init__(self):
                super().__init__()
                self.kept = [layers.Dense(2)]
                with tracking.DotNotTrackScope():
                    self.spare = [layers.Dense(3)]
                self.names = {"a", "b"}
                self.ordered = collections.OrderedDict(x=layers.Dense(4))

        holder = Holder()
        # The oracle gives the same types and count.
        self.assertIsInstance(holder.kept, TrackedList)
        self.assertIs(type(holder.spare), list)
        self.assertIsInstance(holder.names, tracking.TrackedSet)
        self.assertIsInstance(holder.ordered, tracking.TrackedOrderedDict)
        self.assertLen(holder._layers, 2)

    def test_set_and_ordered_dict_are_tree_nodes(self):
        from keras.src.utils.tracking import TrackedOrderedDict
        from keras.src.utils.tracking import TrackedSet

        ordered = TrackedOrderedDict([("b", 1), ("a", 2)])
        self.assertEqual(tree.flatten(ordered), [1, 2])
        self.assertEqual(tree.flatten_with_path(ordered),
                         [(("b",), 1), (("a",), 2)])
        doubled = tree.map_structure(lambda x: x * 10, ordered)
        self.assertIsInstance(doubled, TrackedOrderedDict)
        self.assertEqual(list(doubled.items()), [("b", 10), ("a", 20)])
        tracked = TrackedSet([1, 2])
        self.assertTrue(tree.is_nested(tracked))
        self.assertFalse(tree.is_nested({1, 2}))
        self.assertEqual(tree.map_structure(lambda x: x * 10, tracked),
                         {10, 20})
        # The method pair other tree implementations register through.
        children, aux = ordered.tree_flatten()
        self.assertEqual((children, aux), ([1, 2], ("b", "a")))
        rebuilt = TrackedOrderedDict.tree_unflatten(aux, [3, 4])
        self.assertEqual(list(rebuilt.items()), [("b", 3), ("a", 4)])


class TrackerStoresTest(testing.TestCase):
    def test_list_stores_and_exclusions(self):
        # The same calls give the same lists on the oracle.
        ints, strs = [], []
        tracker = Tracker(
            {
                "ints": (lambda v: isinstance(v, int), ints),
                "strs": (lambda v: isinstance(v, str), strs),
            },
            exclusions={"ints": ["strs"]},
        )
        tracker.track(1)
        tracker.track("a")
        tracker.track(1)
        self.assertIsInstance(tracker.track([2, "b"]), TrackedList)
        self.assertEqual((ints, strs), ([1, 2], ["a", "b"]))
        self.assertTrue(tracker.is_in_store("ints", 1))
        self.assertFalse(tracker.is_in_store("ints", 9))
        tracker.add_to_store("ints", 9)
        self.assertEqual(ints, [1, 2, 9])
        tracker.untrack(9)
        self.assertEqual(ints, [1, 2])
        tracker.replace_tracked_value("ints", 2, 22)
        self.assertEqual(ints, [1, 22])
        tracker.lock("locked!")
        with self.assertRaisesRegex(ValueError, "locked!"):
            tracker.track(5)
        tracker.unlock()
        tracker.track(5)
        self.assertEqual(ints, [1, 22, 5])
