from keras.src import backend
from keras.src import layers
from keras.src import testing
from keras.src.utils import naming


class NamingTest(testing.TestCase):
    def test_to_snake_case(self):
        self.assertEqual(naming.to_snake_case("DenseLayer"), "dense_layer")
        self.assertEqual(naming.to_snake_case("HTTPServer"), "http_server")
        self.assertEqual(naming.to_snake_case("ReLU"), "re_lu")
        self.assertEqual(naming.to_snake_case("_Private"), "__private")
        self.assertEqual(naming.to_snake_case("<lambda>"), "lambda")

    def test_uniquify_auto_name_and_reset(self):
        naming.reset_uids()
        self.assertEqual(naming.uniquify("foo"), "foo")
        self.assertEqual(naming.uniquify("foo"), "foo_1")
        # The same counters as `keras.backend.get_uid`.
        self.assertEqual(naming.get_uid("foo"), 3)
        self.assertEqual(naming.auto_name("MyBlock"), "my_block")
        self.assertEqual(naming.auto_name("my_block"), "my_block_1")
        naming.reset_uids()
        self.assertEqual(naming.get_uid("foo"), 1)
        backend.clear_session()
        self.assertEqual(naming.uniquify("foo"), "foo")

    def test_get_object_name(self):
        layer = layers.Dense(2, name="head")
        self.assertEqual(naming.get_object_name(layer), "head")
        self.assertEqual(naming.get_object_name(layers.Dense), "dense")
        self.assertEqual(naming.get_object_name(len), "len")
        self.assertEqual(naming.get_object_name(lambda x: x), "lambda")
        self.assertEqual(naming.get_object_name(3), "int")
