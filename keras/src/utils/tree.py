"""`keras.src.utils.tree`: where early Keras 3 releases kept the
nested-structure utilities. Code written against them imports this path;
it holds the very functions of `keras.src.tree` (`keras.tree`)."""

from keras.src.tree.tree_api import MAP_TO_NONE  # noqa: F401
from keras.src.tree.tree_api import assert_same_paths  # noqa: F401
from keras.src.tree.tree_api import assert_same_structure  # noqa: F401
from keras.src.tree.tree_api import flatten  # noqa: F401
from keras.src.tree.tree_api import flatten_with_path  # noqa: F401
from keras.src.tree.tree_api import is_nested  # noqa: F401
from keras.src.tree.tree_api import lists_to_tuples  # noqa: F401
from keras.src.tree.tree_api import map_shape_structure  # noqa: F401
from keras.src.tree.tree_api import map_structure  # noqa: F401
from keras.src.tree.tree_api import map_structure_up_to  # noqa: F401
from keras.src.tree.tree_api import pack_sequence_as  # noqa: F401
from keras.src.tree.tree_api import register_tree_node_class  # noqa: F401
from keras.src.tree.tree_api import traverse  # noqa: F401
