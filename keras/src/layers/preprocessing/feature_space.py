"""`FeatureSpace`: one object that preprocesses and encodes a dict of
structured-data features (numbers, integer and string categories, crosses)
into one vector per sample (or a dict of encoded features).

How it runs: every computation happens in TensorFlow (strings and hash
tables exist only there). Called eagerly, the whole pipeline runs as one
`tf.function` and the outputs are converted to the active backend's
tensors; called inside `tf.data` (`dataset.map(feature_space)`), it stays
in the dataset's graph and returns `tf.Tensor`s, on every backend. The
lookup layers' tables are created eagerly once, when the space is adapted
or loaded, so that no table belongs to a traced graph.
"""

import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.core.input_layer import Input
from keras.src.layers.layer import Layer
from keras.src.layers.preprocessing.category_encoding import CategoryEncoding
from keras.src.layers.preprocessing.discretization import Discretization
from keras.src.layers.preprocessing.hashed_crossing import HashedCrossing
from keras.src.layers.preprocessing.hashing import Hashing
from keras.src.layers.preprocessing.integer_lookup import IntegerLookup
from keras.src.layers.preprocessing.normalization import Normalization
from keras.src.layers.preprocessing.rescaling import Rescaling
from keras.src.layers.preprocessing.string_lookup import StringLookup
from keras.src.layers.preprocessing.tf_data_layer import TFDataLayer
from keras.src.saving import serialization_lib
from keras.src.utils import backend_utils
from keras.src.utils.module_utils import tensorflow as tf

_OUTPUT_MODES = ("concat", "dict")
_FEATURE_OUTPUT_MODES = ("int", "one_hot", "float")


class Feature:
    """One feature of a `FeatureSpace`: its input dtype, the layer that
    preprocesses it and how its result is encoded.

    Args:
        dtype: the input's dtype (`"float32"`, `"int64"`, `"string"`).
        preprocessor: a layer applied to the input (a lookup, hashing,
            normalization, discretization or rescaling layer).
        output_mode: `"float"` (the preprocessor's output as float32),
            `"int"` (as integers) or `"one_hot"` (one-hot encoded).
    """

    def __init__(self, dtype, preprocessor, output_mode):
        if output_mode not in _FEATURE_OUTPUT_MODES:
            raise ValueError(
                f"Invalid value for argument `output_mode`. Expected one "
                f"of {_FEATURE_OUTPUT_MODES}. Received: "
                f"output_mode={output_mode!r}"
            )
        self.dtype = dtype
        if isinstance(preprocessor, dict):
            preprocessor = serialization_lib.deserialize_keras_object(
                preprocessor
            )
        self.preprocessor = preprocessor
        self.output_mode = output_mode

    def get_config(self):
        return {
            "dtype": self.dtype,
            "preprocessor": serialization_lib.serialize_keras_object(
                self.preprocessor
            ),
            "output_mode": self.output_mode,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Cross:
    """A cross of categorical features of a `FeatureSpace`, hashed into
    `crossing_dim` bins.

    Args:
        feature_names: the names of the crossed features.
        crossing_dim: the number of hash bins.
        output_mode: `"one_hot"` or `"int"`.
    """

    def __init__(self, feature_names, crossing_dim, output_mode="one_hot"):
        if output_mode not in ("int", "one_hot"):
            raise ValueError(
                "Invalid value for argument `output_mode` of a cross. "
                "Expected one of {'int', 'one_hot'}. Received: "
                f"output_mode={output_mode!r}"
            )
        self.feature_names = tuple(feature_names)
        self.crossing_dim = crossing_dim
        self.output_mode = output_mode

    @property
    def name(self):
        return "_X_".join(self.feature_names)

    def get_config(self):
        return {
            "feature_names": self.feature_names,
            "crossing_dim": self.crossing_dim,
            "output_mode": self.output_mode,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class TFDIdentity(TFDataLayer):
    """Returns its input (the preprocessor of `FeatureSpace.float`)."""

    def call(self, x):
        return x


class TFDConcat(TFDataLayer):
    """Concatenates its inputs along `axis`."""

    def __init__(self, axis, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, xs):
        return self.backend.numpy.concatenate(xs, axis=self.axis)

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}


@keras_export("keras.utils.FeatureSpace")
class FeatureSpace(Layer):
    """Preprocesses and encodes a dict of structured-data features.

    Declare each feature with one of the class methods (or their string
    shortcuts `"float"`, `"float_rescaled"`, `"float_normalized"`,
    `"float_discretized"`, `"integer_categorical"`, `"integer_hashed"`,
    `"string_categorical"`, `"string_hashed"`), `adapt()` the space to a
    `tf.data.Dataset` of dicts, then call it on dicts of arrays (a batch,
    or one sample) or inside `dataset.map()`.

    Categorical features are looked up (or hashed) to integer indices;
    crosses hash the indices of their features together; features with
    `output_mode="one_hot"` are then one-hot encoded. With
    `output_mode="concat"` the encoded features, in alphabetical order of
    their names (crosses named `"a_X_b"`), are concatenated into one
    float32 vector per sample.

    Args:
        features: a dict from feature name to a feature (from the class
            methods) or a shortcut string.
        output_mode: `"concat"` (one vector per sample) or `"dict"` (a
            dict of encoded features).
        crosses: a list of crosses: `FeatureSpace.cross(...)` results or
            tuples of feature names (hashed into `crossing_dim` bins).
        crossing_dim: the default number of bins of a cross.
        hashing_dim: the number of bins of the `"*_hashed"` shortcuts.
        num_discretization_bins: the number of bins of the
            `"float_discretized"` shortcut.
        name: the layer's name.

    Example:

    >>> import tensorflow as tf
    >>> raw = {"age": np.array([20.0, 40.0, 60.0]),
    ...        "city": np.array(["paris", "rome", "paris"])}
    >>> space = keras.utils.FeatureSpace(
    ...     {"age": "float_normalized", "city": "string_categorical"})
    >>> space.adapt(tf.data.Dataset.from_tensor_slices(raw))
    >>> tuple(space(raw).shape)
    (3, 4)
    """

    # -- feature declarations ---------------------------------------------

    @classmethod
    def cross(cls, feature_names, crossing_dim, output_mode="one_hot"):
        """Declares a cross of categorical features (hashed)."""
        return Cross(feature_names, crossing_dim, output_mode=output_mode)

    @classmethod
    def feature(cls, dtype, preprocessor, output_mode):
        """Declares a feature with a custom preprocessor layer."""
        return Feature(dtype, preprocessor, output_mode)

    @classmethod
    def float(cls, name=None):
        """A float feature used as it is."""
        name = name or "float"
        return Feature(
            "float32", TFDIdentity(name=f"{name}_preprocessor"), "float"
        )

    @classmethod
    def float_rescaled(cls, scale=1.0, offset=0.0, name=None):
        """A float feature multiplied by `scale` plus `offset`."""
        name = name or "float_rescaled"
        return Feature(
            "float32",
            Rescaling(scale=scale, offset=offset,
                      name=f"{name}_preprocessor"),
            "float",
        )

    @classmethod
    def float_normalized(cls, name=None):
        """A float feature normalized to zero mean and unit variance
        (statistics from `adapt`)."""
        name = name or "float_normalized"
        return Feature(
            "float32",
            Normalization(axis=-1, name=f"{name}_preprocessor"),
            "float",
        )

    @classmethod
    def float_discretized(cls, num_bins, bin_boundaries=None,
                          output_mode="one_hot", name=None):
        """A float feature bucketed into bins (quantiles from `adapt`
        unless `bin_boundaries` is given)."""
        name = name or "float_discretized"
        if bin_boundaries is not None:
            num_bins = None
        return Feature(
            "float32",
            Discretization(num_bins=num_bins, bin_boundaries=bin_boundaries,
                           name=f"{name}_preprocessor"),
            output_mode,
        )

    @classmethod
    def integer_categorical(cls, max_tokens=None, num_oov_indices=1,
                            output_mode="one_hot", name=None):
        """An integer category looked up in a vocabulary from `adapt`."""
        name = name or "integer_categorical"
        return Feature(
            "int64",
            IntegerLookup(max_tokens=max_tokens,
                          num_oov_indices=num_oov_indices,
                          name=f"{name}_preprocessor"),
            output_mode,
        )

    @classmethod
    def string_categorical(cls, max_tokens=None, num_oov_indices=1,
                           output_mode="one_hot", name=None):
        """A string category looked up in a vocabulary from `adapt`."""
        name = name or "string_categorical"
        return Feature(
            "string",
            StringLookup(max_tokens=max_tokens,
                         num_oov_indices=num_oov_indices,
                         name=f"{name}_preprocessor"),
            output_mode,
        )

    @classmethod
    def string_hashed(cls, num_bins, output_mode="one_hot", name=None):
        """A string category hashed into `num_bins` bins."""
        name = name or "string_hashed"
        return Feature(
            "string",
            Hashing(num_bins=num_bins, name=f"{name}_preprocessor"),
            output_mode,
        )

    @classmethod
    def integer_hashed(cls, num_bins, output_mode="one_hot", name=None):
        """An integer category hashed into `num_bins` bins."""
        name = name or "integer_hashed"
        return Feature(
            "int64",
            Hashing(num_bins=num_bins, name=f"{name}_preprocessor"),
            output_mode,
        )

    # -- construction ---------------------------------------------------------

    def __init__(self, features, output_mode="concat", crosses=None,
                 crossing_dim=32, hashing_dim=32, num_discretization_bins=32,
                 name=None):
        super().__init__(name=name)
        if not isinstance(features, dict) or not features:
            raise ValueError(
                "FeatureSpace expects `features` to be a non-empty dict "
                "from feature name to feature. Received: "
                f"features={features!r}"
            )
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(
                "Invalid value for argument `output_mode`. Expected one of "
                f"{_OUTPUT_MODES}. Received: output_mode={output_mode!r}"
            )
        self.output_mode = output_mode
        self.crossing_dim = crossing_dim
        self.hashing_dim = hashing_dim
        self.num_discretization_bins = num_discretization_bins
        self.features = {
            name: self._standardize_feature(name, value)
            for name, value in features.items()
        }
        self.crosses = [
            self._standardize_cross(cross) for cross in (crosses or [])
        ]
        self.crosses_by_name = {cross.name: cross for cross in self.crosses}
        self.preprocessors = {
            name: feature.preprocessor
            for name, feature in self.features.items()
        }
        self.crossers = {
            cross.name: HashedCrossing(num_bins=cross.crossing_dim,
                                       name=f"{cross.name}_crosser")
            for cross in self.crosses
        }
        self.one_hot_encoders = {}
        self.inputs = {}
        self._is_adapted = False
        self._tf_function = None
        self._encoded_inputs = None

    def _standardize_feature(self, name, value):
        if isinstance(value, Feature):
            return value
        if isinstance(value, dict):
            return serialization_lib.deserialize_keras_object(value)
        shortcuts = {
            "float": lambda: self.float(name=name),
            "float_rescaled": lambda: self.float_rescaled(name=name),
            "float_normalized": lambda: self.float_normalized(name=name),
            "float_discretized": lambda: self.float_discretized(
                num_bins=self.num_discretization_bins, name=name
            ),
            "integer_categorical": lambda: self.integer_categorical(
                name=name
            ),
            "string_categorical": lambda: self.string_categorical(
                name=name
            ),
            "integer_hashed": lambda: self.integer_hashed(
                self.hashing_dim, name=name
            ),
            "string_hashed": lambda: self.string_hashed(
                self.hashing_dim, name=name
            ),
        }
        if value not in shortcuts:
            raise ValueError(
                f"Invalid feature type for feature {name!r}. Expected a "
                "FeatureSpace feature (e.g. `FeatureSpace.float()`) or one "
                f"of {sorted(shortcuts)}. Received: {value!r}"
            )
        return shortcuts[value]()

    def _standardize_cross(self, cross):
        if isinstance(cross, dict):
            cross = serialization_lib.deserialize_keras_object(cross)
        if not isinstance(cross, Cross):
            cross = Cross(cross, crossing_dim=self.crossing_dim)
        for name in cross.feature_names:
            if name not in self.features:
                raise ValueError(
                    f"Cross {cross.name!r} names feature {name!r}, which "
                    "is not in `features`. Available features: "
                    f"{list(self.features)}"
                )
            mode = self.features[name].output_mode
            if mode == "float":
                raise ValueError(
                    f"Cross {cross.name!r} includes the float feature "
                    f"{name!r}: only categorical features (integer or "
                    "string categories, hashed or discretized values) can "
                    "be crossed."
                )
        return cross

    # -- adapting -------------------------------------------------------------

    def adapt(self, dataset):
        """Computes the features' statistics and vocabularies.

        Args:
            dataset: a `tf.data.Dataset` of dicts (one entry per feature),
                batched or not.
        """
        if not isinstance(dataset, tf.data.Dataset):
            raise TypeError(
                "FeatureSpace.adapt() can only be called on a "
                f"tf.data.Dataset. Received: {type(dataset).__name__}"
            )
        if not isinstance(dataset.element_spec, dict):
            raise ValueError(
                "FeatureSpace.adapt() expects a dataset of dicts (feature "
                "name -> values). Received a dataset with element spec "
                f"{dataset.element_spec}"
            )
        for name, feature in self.features.items():
            if name not in dataset.element_spec:
                raise ValueError(
                    f"Feature {name!r} is missing from the dataset passed "
                    "to adapt(). The dataset has: "
                    f"{sorted(dataset.element_spec)}"
                )
            layer = feature.preprocessor
            if not _needs_adapt(layer):
                continue
            column = dataset.map(
                lambda x, name=name, dtype=feature.dtype: _as_column(
                    x[name], dtype
                )
            )
            layer.adapt(column)
        self._finish_adapt()

    def _finish_adapt(self):
        self._is_adapted = True
        self._build_encoders()
        self._warm_up()
        self.built = True

    def _build_encoders(self):
        self.one_hot_encoders = {}
        for name, feature in self.features.items():
            if feature.output_mode == "one_hot":
                self.one_hot_encoders[name] = CategoryEncoding(
                    num_tokens=_num_tokens(feature.preprocessor),
                    output_mode="one_hot",
                    name=f"{name}_encoder",
                )
        for cross in self.crosses:
            if cross.output_mode == "one_hot":
                self.one_hot_encoders[cross.name] = CategoryEncoding(
                    num_tokens=cross.crossing_dim,
                    output_mode="one_hot",
                    name=f"{cross.name}_encoder",
                )

    def _warm_up(self):
        # Lookup layers create their hash tables on first use; creating
        # them here, eagerly, keeps them out of any traced graph (a table
        # created while `tf.function` or `tf.data` traces cannot be used
        # by the next trace).
        for name, feature in self.features.items():
            layer = feature.preprocessor
            if isinstance(layer, (StringLookup, IntegerLookup)):
                layer(_dummy_value(feature.dtype))
        self._tf_function = None

    # -- calling --------------------------------------------------------------

    def _check_adapted(self):
        if getattr(self, "_pending_adapt", False):
            # Loaded from a file: the preprocessors' states were restored
            # after this layer's own, so the encoders are built now.
            self._pending_adapt = False
            self._finish_adapt()
        if not self._is_adapted:
            raise ValueError(
                "You need to call `.adapt(dataset)` on the FeatureSpace "
                "before you can start using it."
            )

    def _encode(self, data):
        """Preprocesses and encodes `data` (a dict of `tf.Tensor`s of rank
        2) with TensorFlow."""
        preprocessed = {
            name: self.preprocessors[name](data[name])
            for name in self.features
        }
        encoded = {}
        for name, feature in self.features.items():
            encoded[name] = self._encode_one(
                name, feature.output_mode, preprocessed[name]
            )
        for cross in self.crosses:
            parts = tuple(
                tf.cast(preprocessed[n], "int64")
                for n in cross.feature_names
            )
            crossed = self.crossers[cross.name](parts)
            encoded[cross.name] = self._encode_one(
                cross.name, cross.output_mode, crossed
            )
        if self.output_mode == "dict":
            return encoded
        return tf.concat(
            [tf.cast(encoded[name], "float32") for name in sorted(encoded)],
            axis=-1,
        )

    def _encode_one(self, name, output_mode, x):
        if output_mode == "one_hot":
            return self.one_hot_encoders[name](x)
        if output_mode == "float":
            return tf.cast(x, "float32")
        return tf.cast(x, "int64")

    def _to_tf_inputs(self, data):
        if not isinstance(data, dict):
            raise ValueError(
                "A FeatureSpace can only be called with a dict of feature "
                f"values. Received: {type(data).__name__}"
            )
        missing = [name for name in self.features if name not in data]
        if missing:
            raise ValueError(
                f"Missing features {missing} in the data passed to the "
                f"FeatureSpace. Expected features: {list(self.features)}"
            )
        inputs = {}
        unbatched = False
        for name, feature in self.features.items():
            x = _to_tf(data[name], feature.dtype)
            if x.shape.rank == 0:
                unbatched = True
            inputs[name] = _as_column(x, feature.dtype)
        return inputs, unbatched

    def __call__(self, data, **kwargs):
        if backend.any_symbolic_tensors((data,)):
            return super().__call__(data, **kwargs)
        return self._call_on_values(data)

    def _call_on_values(self, data):
        self._check_adapted()
        inputs, unbatched = self._to_tf_inputs(data)
        if backend_utils.in_tf_graph():
            outputs = self._encode(inputs)
        else:
            if self._tf_function is None:
                self._tf_function = tf.function(
                    self._encode, reduce_retracing=True
                )
            outputs = self._tf_function(inputs)
        if unbatched:
            outputs = tree.map_structure(
                lambda x: tf.squeeze(x, axis=0), outputs
            )
        if backend_utils.in_tf_graph() or backend.backend() == "tensorflow":
            return outputs
        return tree.map_structure(
            lambda x: backend.convert_to_tensor(np.array(x)), outputs
        )

    def call(self, data):
        outputs = self._call_on_values(data)
        return outputs

    def compute_output_spec(self, data):
        self._check_adapted()
        widths = self._encoded_widths()
        batch = None
        for value in tree.flatten(data):
            batch = value.shape[0] if len(value.shape) else None
            break
        if self.output_mode == "concat":
            return backend.KerasTensor((batch, sum(widths.values())),
                                       dtype="float32")
        return {
            name: backend.KerasTensor(
                (batch, width), dtype=_encoded_dtype(self._mode_of(name))
            )
            for name, width in widths.items()
        }

    def _mode_of(self, name):
        if name in self.features:
            return self.features[name].output_mode
        return self.crosses_by_name[name].output_mode

    def _encoded_widths(self):
        widths = {}
        for name in sorted(list(self.features) + list(self.crosses_by_name)):
            if self._mode_of(name) == "one_hot":
                widths[name] = self.one_hot_encoders[name].num_tokens
            else:
                widths[name] = 1
        return widths

    def get_inputs(self):
        """Returns a dict of `keras.Input`s, one per feature (shape
        `(1,)`), for building an end-to-end model on raw data."""
        if not self.inputs:
            self.inputs = {
                name: Input(shape=(1,), dtype=feature.dtype, name=name)
                for name, feature in self.features.items()
            }
        return self.inputs

    def get_encoded_features(self):
        """Returns `keras.Input`s shaped like the encoded features (one
        tensor with `output_mode="concat"`, else a dict), to build a model
        that takes the FeatureSpace's outputs."""
        self._check_adapted()
        if self._encoded_inputs is None:
            widths = self._encoded_widths()
            if self.output_mode == "concat":
                self._encoded_inputs = Input(
                    shape=(sum(widths.values()),), dtype="float32",
                    name="encoded_features",
                )
            else:
                self._encoded_inputs = {
                    name: Input(shape=(width,),
                                dtype=_encoded_dtype(self._mode_of(name)),
                                name=name)
                    for name, width in widths.items()
                }
        return self._encoded_inputs

    # -- serialization --------------------------------------------------------

    def get_config(self):
        return {
            "features": serialization_lib.serialize_keras_object(
                self.features
            ),
            "output_mode": self.output_mode,
            "crosses": serialization_lib.serialize_keras_object(
                self.crosses
            ),
            "crossing_dim": self.crossing_dim,
            "hashing_dim": self.hashing_dim,
            "num_discretization_bins": self.num_discretization_bins,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def get_build_config(self):
        return {"adapted": self._is_adapted}

    def build_from_config(self, config):
        # The preprocessors' states are loaded after this (their own
        # variables and assets); the first call finishes the job.
        self._pending_adapt = bool(config.get("adapted"))

    def build(self, input_shape=None):
        self.built = True

    def save_own_variables(self, store):
        # The lookup layers' vocabularies are saved here, as arrays of this
        # layer's entry (strings UTF-8 encoded): the weights file holds
        # arrays, and a reloaded space must encode like the saved one.
        for name in sorted(self.features):
            layer = self.preprocessors[name]
            if not isinstance(layer, (StringLookup, IntegerLookup)):
                continue
            vocabulary = layer.get_vocabulary()
            if isinstance(layer, StringLookup):
                values = np.array([str(t).encode("utf-8")
                                   for t in vocabulary])
            else:
                values = np.array(vocabulary, dtype="int64")
            store[f"vocabulary:{name}"] = values

    def load_own_variables(self, store):
        for key in store.keys():
            if not key.startswith("vocabulary:"):
                continue
            name = key[len("vocabulary:"):]
            values = np.asarray(store[key])
            if values.dtype.kind == "S" or values.dtype.kind == "O":
                vocabulary = [
                    v.decode("utf-8") if isinstance(v, bytes) else str(v)
                    for v in values.tolist()
                ]
            else:
                vocabulary = values.tolist()
            self.preprocessors[name].set_vocabulary(vocabulary)

    def save(self, filepath):
        """Saves the FeatureSpace (config and adapted state) to a `.keras`
        file; reload it with `keras.saving.load_model`.

        Args:
            filepath: a path ending in `.keras`.
        """
        from keras.src.saving import saving_lib

        if not str(filepath).endswith(".keras"):
            raise ValueError(
                "The FeatureSpace can only be saved to a `.keras` file. "
                f"Received: filepath={filepath}"
            )
        saving_lib.save_model(self, filepath)


def _needs_adapt(layer):
    if isinstance(layer, Discretization):
        return layer.bin_boundaries is None
    return hasattr(layer, "adapt")


def _num_tokens(layer):
    if isinstance(layer, (StringLookup, IntegerLookup)):
        return layer.vocabulary_size()
    if isinstance(layer, Hashing):
        return layer.num_bins
    if isinstance(layer, Discretization):
        return len(layer.bin_boundaries) + 1
    if hasattr(layer, "vocabulary_size"):
        return layer.vocabulary_size()
    raise ValueError(
        f"Cannot one-hot encode the output of {layer.name!r} "
        f"({type(layer).__name__}): its number of categories is unknown. "
        'Use output_mode="int" or "float" for this feature.'
    )


def _encoded_dtype(mode):
    return "int64" if mode == "int" else "float32"


def _dummy_value(dtype):
    if dtype == "string":
        return tf.constant([[""]], "string")
    return tf.zeros((1, 1), dtype)


def _to_tf(x, dtype):
    if isinstance(x, (tf.Tensor, tf.RaggedTensor, tf.SparseTensor)):
        return x if x.dtype == dtype else tf.cast(x, dtype)
    if backend.is_tensor(x) and not isinstance(x, np.ndarray):
        x = backend.convert_to_numpy(x)
    x = np.asarray(x)
    if dtype == "string":
        if x.dtype.kind not in ("U", "S", "O"):
            raise TypeError(
                "A string feature received non-string values of dtype "
                f"{x.dtype}."
            )
        return tf.convert_to_tensor(x.astype(object), "string")
    return tf.convert_to_tensor(x.astype(dtype))


def _as_column(x, dtype):
    """`x` as a `tf.Tensor` of rank 2 (`(batch, 1)` for a vector, `(1, 1)`
    for a scalar)."""
    if x.dtype != tf.as_dtype(dtype):
        x = tf.cast(x, dtype)
    if x.shape.rank == 0:
        x = tf.reshape(x, (1, 1))
    elif x.shape.rank == 1:
        x = tf.expand_dims(x, -1)
    return x
