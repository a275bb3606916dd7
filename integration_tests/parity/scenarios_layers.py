"""Parity scenarios of `keras.layers`: configs, shapes, weights and values.

One table row per layer (or per argument combination of a layer) names the
class, its constructor arguments and a typical input. Each row yields up to
three scenarios: the layer's `get_config()`, its `compute_output_shape` for
the input shape with an unknown batch size, and a call on a fixed input:
the output with every float weight set to a fixed pattern, and the weights'
paths, shapes, dtypes and trainability. Random layers give their configs
and output shapes only, as their values are draws. Hand-written scenarios
follow for masking and attention arguments, and for bad input, where the
exception class must match.

Calls are the costly part (the jax backend compiles each new op), so slow
ones (convolutional RNNs, 3D convolutions, random augmentations) keep only
their config and shape scenarios.
"""

import numpy as np

import keras
from parity_scenarios import add

L = keras.layers


def _pattern(shape):
    """Fixed positive values in [0.1, 0.7] (also fine as a variance)."""
    size = int(np.prod(shape)) if len(shape) else 1
    values = (np.arange(size) % 7 + 1) / 10.0
    return values.reshape(shape).astype("float32")


def _float_input(shape):
    size = int(np.prod(shape))
    return np.sin(np.arange(size, dtype="float64")).reshape(shape).astype(
        "float32"
    )


def _image_input(shape):
    size = int(np.prod(shape))
    values = (np.arange(size) * 37) % 256
    return values.reshape(shape).astype("float32")


def _int_input(shape, high=10):
    size = int(np.prod(shape))
    return ((np.arange(size) * 3) % high).reshape(shape).astype("int32")


_STRINGS = np.array([["a", "b", "c"], ["c", "x", "a"]])
_SENTENCES = np.array(["the cat sat", "a dog"])


def _make_input(kind, shape):
    if kind == "float":
        return _float_input(shape)
    if kind == "image":
        return _image_input(shape)
    if kind == "int":
        return _int_input(shape)
    if kind == "small_int":
        return _int_input(shape, high=4)
    if kind == "pair":
        return [_float_input(shape), _float_input(shape)[..., ::-1].copy()]
    if kind == "qv":
        return [_float_input(shape), _float_input(shape) * 0.5]
    if kind == "strings":
        return _STRINGS
    if kind == "sentences":
        return _SENTENCES
    if kind == "int_pair":
        return [_int_input(shape), _int_input(shape, high=3)]
    raise ValueError(kind)


def _input_shape(kind, shape):
    batchless = (None,) + tuple(shape[1:])
    if kind in ("pair", "qv", "int_pair"):
        return [batchless, batchless]
    return batchless


def _set_weights(layer):
    for weight in layer.weights:
        if "float" in str(weight.dtype):
            weight.assign(_pattern(tuple(weight.shape)))


def _result(y, values):
    if isinstance(y, (list, tuple)):
        return [_result(item, values) for item in y]
    array = keras.ops.convert_to_numpy(y)
    if values:
        return array
    return {"shape": list(array.shape), "dtype": str(array.dtype)}


# (tag, class name, kwargs factory, input kind, input shape, options)
# options: "random" (no values), "no_call", "no_shape", "no_config".
def _row(tag, cls, kwargs=None, kind="float", shape=(2, 4), **options):
    return (tag, cls, kwargs or (lambda: {}), kind, shape, options)


def _k(**kwargs):
    return lambda: dict(kwargs)


_IMG = (2, 4, 4, 3)
_SEQ = (2, 5, 3)
_VOL = (1, 4, 4, 4, 2)

_ROWS = [
    # core
    _row("Dense", "Dense", _k(units=3)),
    _row("Dense.no_bias_relu", "Dense",
         _k(units=2, use_bias=False, activation="relu")),
    _row("Dense.rank3", "Dense", _k(units=2), shape=_SEQ),
    _row("EinsumDense", "EinsumDense",
         _k(equation="ab,bc->ac", output_shape=3, bias_axes="c")),
    _row("EinsumDense.rank3", "EinsumDense",
         _k(equation="abc,cd->abd", output_shape=(None, 2)), shape=_SEQ),
    _row("Embedding", "Embedding", _k(input_dim=10, output_dim=3),
         kind="int", shape=(2, 4)),
    _row("Embedding.mask_zero", "Embedding",
         _k(input_dim=10, output_dim=2, mask_zero=True), kind="int",
         shape=(2, 3)),
    _row("ReversibleEmbedding", "ReversibleEmbedding",
         _k(input_dim=10, output_dim=3), kind="int", shape=(2, 4)),
    _row("Identity", "Identity"),
    _row("Masking", "Masking", _k(mask_value=0.0), shape=_SEQ),
    _row("InputLayer", "InputLayer", _k(shape=(3,), name="inp"),
         no_call=True, no_shape=True),
    _row("Lambda", "Lambda", lambda: dict(function=keras.ops.square),
         no_config=True),
    # activations
    _row("Activation", "Activation", _k(activation="tanh")),
    _row("ELU", "ELU"),
    _row("LeakyReLU", "LeakyReLU", _k(negative_slope=0.2)),
    _row("PReLU", "PReLU"),
    _row("PReLU.shared_axes", "PReLU", _k(shared_axes=[1]), shape=_SEQ),
    _row("ReLU", "ReLU", _k(max_value=0.5, threshold=0.1)),
    _row("Softmax", "Softmax"),
    _row("Softmax.axis", "Softmax", _k(axis=1), shape=_SEQ),
    # regularization (inference: deterministic)
    _row("ActivityRegularization", "ActivityRegularization", _k(l1=0.1)),
    _row("Dropout", "Dropout", _k(rate=0.5)),
    _row("AlphaDropout", "AlphaDropout", _k(rate=0.5)),
    _row("GaussianDropout", "GaussianDropout", _k(rate=0.5)),
    _row("GaussianNoise", "GaussianNoise", _k(stddev=0.5)),
    _row("SpatialDropout1D", "SpatialDropout1D", _k(rate=0.5), shape=_SEQ),
    _row("SpatialDropout2D", "SpatialDropout2D", _k(rate=0.5), shape=_IMG),
    _row("SpatialDropout3D", "SpatialDropout3D", _k(rate=0.5), shape=_VOL),
    # convolutions
    _row("Conv1D", "Conv1D", _k(filters=2, kernel_size=3), shape=_SEQ),
    _row("Conv1D.same_strides", "Conv1D",
         _k(filters=2, kernel_size=2, strides=2, padding="same"),
         shape=_SEQ),
    _row("Conv1D.causal_dilation", "Conv1D",
         _k(filters=2, kernel_size=2, padding="causal", dilation_rate=2),
         shape=_SEQ),
    _row("Conv1D.groups", "Conv1D", _k(filters=4, kernel_size=2, groups=2),
         shape=(2, 5, 4)),
    _row("Conv2D", "Conv2D", _k(filters=2, kernel_size=3), shape=_IMG),
    _row("Conv2D.same", "Conv2D",
         _k(filters=2, kernel_size=3, padding="same"), shape=_IMG),
    _row("Conv2D.strides", "Conv2D",
         _k(filters=2, kernel_size=2, strides=2), shape=_IMG),
    _row("Conv2D.dilation", "Conv2D",
         _k(filters=1, kernel_size=2, dilation_rate=2), shape=_IMG),
    _row("Conv2D.channels_first", "Conv2D",
         _k(filters=2, kernel_size=2, data_format="channels_first"),
         shape=(2, 3, 4, 4)),
    _row("Conv3D", "Conv3D", _k(filters=2, kernel_size=2), shape=_VOL,
         no_call=True),
    _row("Conv1DTranspose", "Conv1DTranspose",
         _k(filters=2, kernel_size=3), shape=_SEQ),
    _row("Conv1DTranspose.strides", "Conv1DTranspose",
         _k(filters=2, kernel_size=3, strides=2, padding="same"),
         shape=_SEQ),
    _row("Conv2DTranspose", "Conv2DTranspose",
         _k(filters=2, kernel_size=3), shape=_IMG),
    _row("Conv2DTranspose.strides", "Conv2DTranspose",
         _k(filters=2, kernel_size=2, strides=2), shape=_IMG,
         no_call=True),
    _row("Conv3DTranspose", "Conv3DTranspose",
         _k(filters=1, kernel_size=2), shape=_VOL, no_call=True),
    _row("DepthwiseConv1D", "DepthwiseConv1D", _k(kernel_size=3),
         shape=_SEQ),
    _row("DepthwiseConv2D", "DepthwiseConv2D",
         _k(kernel_size=2, depth_multiplier=2), shape=_IMG),
    _row("SeparableConv1D", "SeparableConv1D",
         _k(filters=2, kernel_size=3), shape=_SEQ),
    _row("SeparableConv2D", "SeparableConv2D",
         _k(filters=2, kernel_size=2), shape=_IMG),
    _row("Convolution2D", "Convolution2D", _k(filters=1, kernel_size=2),
         shape=_IMG),
    # pooling
    _row("MaxPooling1D", "MaxPooling1D", shape=_SEQ),
    _row("MaxPooling1D.same", "MaxPooling1D",
         _k(pool_size=3, strides=1, padding="same"), shape=_SEQ),
    _row("MaxPooling2D", "MaxPooling2D", shape=_IMG),
    _row("MaxPooling2D.channels_first", "MaxPooling2D",
         _k(data_format="channels_first"), shape=(2, 3, 4, 4)),
    _row("MaxPooling3D", "MaxPooling3D", shape=_VOL),
    _row("AveragePooling1D", "AveragePooling1D", _k(pool_size=2),
         shape=_SEQ),
    _row("AveragePooling2D", "AveragePooling2D", _k(pool_size=2),
         shape=_IMG),
    _row("AveragePooling2D.same", "AveragePooling2D",
         _k(pool_size=3, strides=2, padding="same"), shape=_IMG),
    _row("AveragePooling3D", "AveragePooling3D", _k(pool_size=2),
         shape=_VOL),
    _row("AvgPool1D", "AvgPool1D", _k(pool_size=3, strides=1),
         shape=_SEQ),
    _row("GlobalAveragePooling1D", "GlobalAveragePooling1D", shape=_SEQ),
    _row("GlobalAveragePooling2D", "GlobalAveragePooling2D", shape=_IMG),
    _row("GlobalAveragePooling2D.keepdims", "GlobalAveragePooling2D",
         _k(keepdims=True), shape=_IMG),
    _row("GlobalAveragePooling3D", "GlobalAveragePooling3D", shape=_VOL),
    _row("GlobalMaxPooling1D", "GlobalMaxPooling1D", shape=_SEQ),
    _row("GlobalMaxPooling2D", "GlobalMaxPooling2D", shape=_IMG),
    _row("GlobalMaxPooling3D", "GlobalMaxPooling3D", shape=_VOL),
    _row("AdaptiveAveragePooling1D", "AdaptiveAveragePooling1D",
         _k(output_size=2), shape=(2, 6, 3)),
    _row("AdaptiveAveragePooling2D", "AdaptiveAveragePooling2D",
         _k(output_size=2), shape=_IMG),
    _row("AdaptiveAveragePooling3D", "AdaptiveAveragePooling3D",
         _k(output_size=2), shape=_VOL),
    _row("AdaptiveMaxPooling1D", "AdaptiveMaxPooling1D",
         _k(output_size=2), shape=(2, 6, 3)),
    _row("AdaptiveMaxPooling2D", "AdaptiveMaxPooling2D",
         _k(output_size=2), shape=_IMG),
    _row("AdaptiveMaxPooling3D", "AdaptiveMaxPooling3D",
         _k(output_size=2), shape=_VOL),
    # normalization
    _row("BatchNormalization", "BatchNormalization", shape=_SEQ),
    _row("BatchNormalization.axis1", "BatchNormalization",
         _k(axis=1, center=False), shape=(2, 3, 4, 4)),
    _row("LayerNormalization", "LayerNormalization", shape=_SEQ),
    _row("LayerNormalization.rms", "LayerNormalization",
         _k(rms_scaling=True), shape=_SEQ),
    _row("GroupNormalization", "GroupNormalization", _k(groups=2),
         shape=(2, 3, 4)),
    _row("RMSNormalization", "RMSNormalization", shape=_SEQ),
    _row("UnitNormalization", "UnitNormalization"),
    _row("SpectralNormalization", "SpectralNormalization",
         lambda: dict(layer=L.Dense(2)), random=True),
    _row("Normalization", "Normalization",
         _k(mean=[0.5, 1.0, 0.0, -1.0], variance=[1.0, 4.0, 0.25, 1.0])),
    # reshaping
    _row("Cropping1D", "Cropping1D", _k(cropping=(1, 2)), shape=_SEQ),
    _row("Cropping2D", "Cropping2D", _k(cropping=((1, 0), (0, 1))),
         shape=_IMG),
    _row("Cropping3D", "Cropping3D", _k(cropping=1), shape=_VOL),
    _row("Flatten", "Flatten", shape=_IMG),
    _row("Flatten.channels_first", "Flatten",
         _k(data_format="channels_first"), shape=_IMG),
    _row("Permute", "Permute", _k(dims=(2, 1)), shape=_SEQ),
    _row("RepeatVector", "RepeatVector", _k(n=3)),
    _row("Reshape", "Reshape", _k(target_shape=(3, -1)), shape=(2, 6)),
    _row("UpSampling1D", "UpSampling1D", _k(size=2), shape=_SEQ),
    _row("UpSampling2D", "UpSampling2D", _k(size=2), shape=_IMG),
    _row("UpSampling2D.bilinear", "UpSampling2D",
         _k(size=2, interpolation="bilinear"), shape=(1, 2, 2, 1)),
    _row("UpSampling3D", "UpSampling3D", _k(size=2), shape=(1, 2, 2, 2, 1)),
    _row("ZeroPadding1D", "ZeroPadding1D", _k(padding=1), shape=_SEQ),
    _row("ZeroPadding2D", "ZeroPadding2D", _k(padding=((1, 0), (0, 2))),
         shape=_IMG),
    _row("ZeroPadding3D", "ZeroPadding3D", _k(padding=1),
         shape=(1, 2, 2, 2, 1)),
    # merging
    _row("Add", "Add", kind="pair"),
    _row("Average", "Average", kind="pair"),
    _row("Concatenate", "Concatenate", kind="pair"),
    _row("Concatenate.axis1", "Concatenate", _k(axis=1), kind="pair",
         shape=_SEQ),
    _row("Dot", "Dot", _k(axes=1), kind="pair"),
    _row("Dot.normalize", "Dot", _k(axes=-1, normalize=True), kind="pair",
         shape=_SEQ),
    _row("Maximum", "Maximum", kind="pair"),
    _row("Minimum", "Minimum", kind="pair"),
    _row("Multiply", "Multiply", kind="pair"),
    _row("Subtract", "Subtract", kind="pair"),
    # attention
    _row("Attention", "Attention", kind="qv", shape=_SEQ),
    _row("Attention.scale_concat", "Attention",
         _k(use_scale=True, score_mode="concat"), kind="qv", shape=_SEQ),
    _row("AdditiveAttention", "AdditiveAttention", kind="qv", shape=_SEQ),
    _row("MultiHeadAttention", "MultiHeadAttention",
         _k(num_heads=2, key_dim=2), kind="qv", shape=_SEQ, split=True),
    _row("GroupQueryAttention", "GroupQueryAttention",
         _k(head_dim=2, num_query_heads=2, num_key_value_heads=1),
         kind="qv", shape=_SEQ, split=True),
    # recurrent
    _row("SimpleRNN", "SimpleRNN", _k(units=2), shape=_SEQ),
    _row("SimpleRNN.sequences", "SimpleRNN",
         _k(units=2, return_sequences=True), shape=_SEQ),
    _row("LSTM", "LSTM", _k(units=2), shape=_SEQ),
    _row("LSTM.state", "LSTM",
         _k(units=2, return_sequences=True, return_state=True), shape=_SEQ),
    _row("LSTM.backwards", "LSTM", _k(units=2, go_backwards=True),
         shape=_SEQ),
    _row("GRU", "GRU", _k(units=2), shape=_SEQ),
    _row("GRU.reset_after_false", "GRU",
         _k(units=2, reset_after=False), shape=_SEQ),
    _row("RNN", "RNN", lambda: dict(cell=L.SimpleRNNCell(2)), shape=_SEQ),
    _row("RNN.stacked", "RNN",
         lambda: dict(cell=L.StackedRNNCells([L.GRUCell(2), L.LSTMCell(3)])),
         shape=_SEQ, no_call=True),
    _row("SimpleRNNCell", "SimpleRNNCell", _k(units=2), no_call=True,
         no_shape=True),
    _row("LSTMCell", "LSTMCell", _k(units=2), no_call=True, no_shape=True),
    _row("GRUCell", "GRUCell", _k(units=2), no_call=True, no_shape=True),
    _row("Bidirectional", "Bidirectional",
         lambda: dict(layer=L.LSTM(2)), shape=_SEQ),
    _row("Bidirectional.sum", "Bidirectional",
         lambda: dict(layer=L.GRU(2, return_sequences=True),
                      merge_mode="sum"), shape=_SEQ, no_call=True),
    _row("TimeDistributed", "TimeDistributed",
         lambda: dict(layer=L.Dense(2)), shape=_SEQ),
    _row("ConvLSTM1D", "ConvLSTM1D", _k(filters=2, kernel_size=2),
         shape=(1, 3, 4, 2), no_call=True),
    _row("ConvLSTM2D", "ConvLSTM2D", _k(filters=1, kernel_size=2),
         shape=(1, 2, 3, 3, 1), no_call=True),
    _row("ConvLSTM3D", "ConvLSTM3D", _k(filters=1, kernel_size=2),
         shape=(1, 2, 3, 3, 3, 1), no_call=True),
    # preprocessing
    _row("CategoryEncoding", "CategoryEncoding",
         _k(num_tokens=4, output_mode="multi_hot"), kind="small_int",
         shape=(2, 3)),
    _row("CategoryEncoding.count", "CategoryEncoding",
         _k(num_tokens=4, output_mode="count"), kind="small_int",
         shape=(2, 3)),
    _row("CategoryEncoding.one_hot", "CategoryEncoding",
         _k(num_tokens=4, output_mode="one_hot"), kind="small_int",
         shape=(3,)),
    _row("Hashing", "Hashing", _k(num_bins=4), kind="int", shape=(2, 3)),
    _row("Hashing.strings", "Hashing", _k(num_bins=5, mask_value="x"),
         kind="strings"),
    _row("HashedCrossing", "HashedCrossing", _k(num_bins=5),
         kind="int_pair", shape=(3,), no_call=True, no_shape=True),
    _row("IntegerLookup", "IntegerLookup", _k(vocabulary=[1, 3, 5]),
         kind="int", shape=(2, 3)),
    _row("IntegerLookup.multi_hot", "IntegerLookup",
         _k(vocabulary=[1, 3, 5], output_mode="multi_hot"), kind="int",
         shape=(2, 3)),
    _row("StringLookup", "StringLookup", _k(vocabulary=["a", "b", "c"]),
         kind="strings"),
    _row("StringLookup.mask_oov2", "StringLookup",
         _k(vocabulary=["a", "b"], mask_token="", num_oov_indices=2),
         kind="strings"),
    _row("TextVectorization", "TextVectorization",
         _k(vocabulary=["cat", "dog", "the"], output_sequence_length=4),
         kind="sentences"),
    _row("TextVectorization.multi_hot", "TextVectorization",
         _k(vocabulary=["cat", "dog", "the"], output_mode="multi_hot"),
         kind="sentences"),
    _row("Discretization", "Discretization",
         _k(bin_boundaries=[-0.5, 0.0, 0.5])),
    _row("Rescaling", "Rescaling", _k(scale=0.5, offset=1.0)),
    _row("Resizing", "Resizing", _k(height=2, width=3), kind="image",
         shape=_IMG),
    _row("Resizing.nearest_crop", "Resizing",
         _k(height=2, width=2, interpolation="nearest",
            crop_to_aspect_ratio=True), kind="image", shape=(1, 4, 6, 1)),
    _row("CenterCrop", "CenterCrop", _k(height=2, width=2), kind="image",
         shape=_IMG),
    _row("AutoContrast", "AutoContrast", kind="image", shape=_IMG),
    _row("Equalization", "Equalization", kind="image", shape=_IMG,
         no_call=True),
    _row("Solarization", "Solarization", _k(threshold_factor=(0.5, 0.5)),
         kind="image", shape=_IMG, random=True),
    _row("MelSpectrogram", "MelSpectrogram",
         _k(fft_length=16, sequence_stride=8, sequence_length=16,
            num_mel_bins=4, sampling_rate=800), shape=(1, 64), random=True),
    _row("STFTSpectrogram", "STFTSpectrogram",
         _k(frame_length=8, frame_step=4, fft_length=8), shape=(1, 32, 1),
         random=True),
    _row("Pipeline", "Pipeline",
         lambda: dict(layers=[L.Rescaling(0.5), L.CenterCrop(2, 2)]),
         kind="image", shape=_IMG),
    _row("MaxNumBoundingBoxes", "MaxNumBoundingBoxes",
         _k(max_number=2), no_call=True, no_shape=True),
]

_RANDOM_AUGMENTATION = {
    "RandomFlip": {},
    "RandomRotation": {"factor": 0.1},
    "RandomZoom": {"height_factor": 0.1},
    "RandomTranslation": {"height_factor": 0.1, "width_factor": 0.1},
    "RandomCrop": {"height": 2, "width": 3, "seed": 3},
    "RandomContrast": {"factor": 0.2},
    "RandomBrightness": {"factor": 0.2},
    "RandomColorDegeneration": {"factor": 0.5},
    "RandomColorJitter": {"brightness_factor": 0.2},
    "RandomGrayscale": {},
    "RandomHue": {"factor": 0.2},
    "RandomSaturation": {"factor": 0.2},
    "RandomSharpness": {"factor": 0.2},
    "RandomShear": {"x_factor": 0.1},
    "RandomInvert": {},
    "RandomPosterization": {"factor": (1, 4)},
    "RandomPerspective": {},
    "RandomGaussianBlur": {},
    "RandomErasing": {},
    "RandomElasticTransform": {},
    "AugMix": {},
    "RandAugment": {},
    "CutMix": {},
    "MixUp": {},
    "ContrastLimitedAdaptiveHistogramEqualization": {"tile_grid_size": (2, 2)},
}

# Their calls draw random values, so only configs and output shapes
# (compute_output_shape) are compared; calls are left out for time.
for _name, _kwargs in sorted(_RANDOM_AUGMENTATION.items()):
    _ROWS.append(
        _row(_name, _name, _k(**_kwargs), kind="image", shape=_IMG,
             random=True, no_call=True)
    )


def _register_row(tag, cls, kwargs, kind, shape, options):
    def make():
        return getattr(L, cls)(**kwargs())

    if not options.get("no_config"):
        add(f"layers.{tag}.get_config", lambda: make().get_config())
    split = options.get("split", False)

    def output_shape():
        shapes = _input_shape(kind, shape)
        if split:
            return make().compute_output_shape(*shapes)
        return make().compute_output_shape(shapes)

    if not options.get("no_shape"):
        add(f"layers.{tag}.compute_output_shape", output_shape)
    if options.get("no_call"):
        return
    random = options.get("random", False)

    def call():
        layer = make()
        x = _make_input(kind, shape)
        args = x if split else [x]
        y = layer(*args)
        if not random and layer.weights:
            _set_weights(layer)
            y = layer(*args)
        weights = [
            (w.path, list(w.shape), str(w.dtype), w.trainable)
            for w in layer.weights
        ]
        return {"output": _result(y, values=not random), "weights": weights}

    add(f"layers.{tag}.call", call, atol=1e-4, rtol=1e-3)


for _entry in _ROWS:
    _register_row(*_entry)


# Masking: the mask a layer computes and how masked steps change outputs.
def _embedded_ids():
    return np.array([[3, 1, 0, 0], [2, 0, 5, 0]], "int32")


def _masked_sequence():
    x = _float_input((2, 4, 3))
    x[0, 2:] = 0.0
    x[1, 1] = 0.0
    return x


def _masked_model(layer, embed=False):
    if embed:
        inputs = keras.Input((4,), dtype="int32")
        hidden = L.Embedding(6, 3, mask_zero=True,
                             embeddings_initializer="ones")(inputs)
        x = _embedded_ids()
    else:
        inputs = keras.Input((4, 3))
        hidden = L.Masking()(inputs)
        x = _masked_sequence()
    model = keras.Model(inputs, layer(hidden))
    _set_weights(model)
    return keras.ops.convert_to_numpy(model(x))


_MASK_CASES = {
    "Embedding.compute_mask": lambda: L.Embedding(
        6, 2, mask_zero=True).compute_mask(_embedded_ids()),
    "Embedding.compute_mask_off": lambda: L.Embedding(6, 2).compute_mask(
        _embedded_ids()),
    "Masking.compute_mask": lambda: L.Masking().compute_mask(
        _masked_sequence()),
    "Masking.call_zeroes": lambda: L.Masking(mask_value=0.5)(
        np.array([[[0.5, 0.5], [1.0, 0.5]]], "float32")),
    "Concatenate.compute_mask": lambda: L.Concatenate().compute_mask(
        [_masked_sequence(), _masked_sequence()],
        [np.array([[1, 1, 0, 0], [1, 0, 1, 1]], bool),
         np.array([[1, 0, 0, 1], [1, 1, 1, 1]], bool)]),
    "Add.compute_mask": lambda: L.Add().compute_mask(
        [_masked_sequence(), _masked_sequence()],
        [np.array([[1, 1, 0, 0], [1, 0, 1, 1]], bool),
         np.array([[1, 0, 0, 1], [1, 1, 1, 1]], bool)]),
    "LSTM.masked": lambda: _masked_model(L.LSTM(2)),
    "LSTM.masked_embedding": lambda: _masked_model(
        L.LSTM(2, return_sequences=True), embed=True),
    "GRU.masked": lambda: _masked_model(L.GRU(2)),
    "SimpleRNN.masked_embedding": lambda: _masked_model(
        L.SimpleRNN(2), embed=True),
    "GlobalAveragePooling1D.masked": lambda: _masked_model(
        L.GlobalAveragePooling1D()),
    "GlobalAveragePooling1D.masked_embedding": lambda: _masked_model(
        L.GlobalAveragePooling1D(), embed=True),
    "Attention.masked": lambda: _attention_masked(L.Attention()),
    "MultiHeadAttention.masked": lambda: _attention_masked(
        L.MultiHeadAttention(2, 2), split=True),
    "MultiHeadAttention.attention_mask": lambda: _mha(
        attention_mask=np.array([[[1, 1, 0, 0]] * 4, [[1, 0, 1, 0]] * 4],
                                bool)),
    "MultiHeadAttention.causal_scores": lambda: _mha(
        use_causal_mask=True, return_attention_scores=True),
    "MultiHeadAttention.self_no_key": lambda: _mha(key=False),
    "MultiHeadAttention.with_key": lambda: _mha(key=True),
    "MultiHeadAttention.scores": lambda: _mha(return_attention_scores=True),
    "Attention.causal_scores": lambda: _attention(
        use_causal_mask=True, return_attention_scores=True),
    "TimeDistributed.masked": lambda: _masked_model(
        L.TimeDistributed(L.Dense(2))),
}


def _attention_masked(layer, split=False):
    inputs = keras.Input((4, 3))
    hidden = L.Masking()(inputs)
    if split:
        outputs = layer(hidden, hidden)
    else:
        outputs = layer([hidden, hidden])
    model = keras.Model(inputs, outputs)
    _set_weights(model)
    return keras.ops.convert_to_numpy(model(_masked_sequence()))


def _mha(key=None, **kwargs):
    layer = L.MultiHeadAttention(num_heads=2, key_dim=2)
    q = _float_input((2, 4, 3))
    v = _float_input((2, 4, 3)) * 0.5
    args = [q, v] + ([v * 2] if key else [])
    layer(*args)
    _set_weights(layer)
    out = layer(*args, **kwargs)
    return out


def _attention(**kwargs):
    layer = L.Attention()
    q = _float_input((2, 4, 3))
    return layer([q, q * 0.5], **kwargs)


for _name, _fn in sorted(_MASK_CASES.items()):
    add(f"layers.{_name}", _fn, atol=1e-4, rtol=1e-3)


# Bad input: invalid constructor arguments and wrong input ranks.
def _call(layer, shape):
    return layer(_float_input(shape))


def _call_twice(layer):
    _call(layer, (2, 3))
    return _call(layer, (2, 5))


_BAD = {
    "Dense.units_zero": lambda: L.Dense(0),
    "Dense.units_negative": lambda: L.Dense(-2),
    "Dense.activation_unknown": lambda: L.Dense(2, activation="nope"),
    "Dense.initializer_unknown": lambda: L.Dense(
        2, kernel_initializer="nope"),
    "Dense.rank1_input": lambda: _call(L.Dense(2), (4,)),
    "Dense.mismatched_rebuild": lambda: _call_twice(L.Dense(2)),
    "Conv2D.filters_zero": lambda: L.Conv2D(0, 3),
    "Conv2D.padding_unknown": lambda: L.Conv2D(2, 3, padding="nope"),
    "Conv2D.data_format_unknown": lambda: L.Conv2D(
        2, 3, data_format="nope"),
    "Conv2D.kernel_size_negative": lambda: L.Conv2D(2, -1),
    "Conv2D.rank3_input": lambda: _call(L.Conv2D(2, 2), (2, 4, 3)),
    "Conv2D.strides_and_dilation": lambda: L.Conv2D(
        2, 2, strides=2, dilation_rate=2),
    "Conv1D.groups_not_dividing": lambda: _call(
        L.Conv1D(3, 2, groups=2), (2, 5, 4)),
    "Conv1D.causal_2d": lambda: L.Conv2D(2, 2, padding="causal"),
    "Conv3D.rank4_input": lambda: _call(L.Conv3D(1, 2), _IMG),
    "DepthwiseConv2D.multiplier_zero": lambda: L.DepthwiseConv2D(
        2, depth_multiplier=0),
    "SeparableConv2D.filters_zero": lambda: L.SeparableConv2D(0, 2),
    "MaxPooling2D.rank3_input": lambda: _call(L.MaxPooling2D(), _SEQ),
    "MaxPooling2D.padding_unknown": lambda: L.MaxPooling2D(padding="x"),
    "Dropout.rate_too_high": lambda: L.Dropout(1.5),
    "Dropout.rate_negative": lambda: L.Dropout(-0.1),
    "SpatialDropout2D.rank3_input": lambda: _call(
        L.SpatialDropout2D(0.5), _SEQ),
    "Embedding.input_dim_zero": lambda: L.Embedding(0, 2),
    "Reshape.size_mismatch": lambda: _call(L.Reshape((4,)), (2, 6)),
    "Reshape.two_unknown": lambda: _call(L.Reshape((-1, -1)), (2, 6)),
    "Permute.bad_dims": lambda: L.Permute((0, 1)),
    "RepeatVector.rank3_input": lambda: _call(L.RepeatVector(2), _SEQ),
    "Cropping1D.too_much": lambda: _call(L.Cropping1D((3, 3)), _SEQ),
    "Add.single_input": lambda: L.Add()([_float_input((2, 3))]),
    "Add.shape_mismatch": lambda: L.Add()(
        [_float_input((2, 3)), _float_input((2, 4))]),
    "Concatenate.shape_mismatch": lambda: L.Concatenate(axis=1)(
        [_float_input((2, 3, 2)), _float_input((2, 3, 4))]),
    "Dot.shape_mismatch": lambda: L.Dot(axes=1)(
        [_float_input((2, 3)), _float_input((2, 4))]),
    "Subtract.three_inputs": lambda: L.Subtract()(
        [_float_input((2, 3))] * 3),
    "MultiHeadAttention.num_heads_zero": lambda: L.MultiHeadAttention(
        0, 2)(_float_input(_SEQ), _float_input(_SEQ)),
    "LSTM.units_zero": lambda: L.LSTM(0),
    "LSTM.rank2_input": lambda: _call(L.LSTM(2), (2, 3)),
    "SimpleRNN.dropout_too_high": lambda: L.SimpleRNN(2, dropout=2.0),
    "BatchNormalization.axis_out_of_range": lambda: _call(
        L.BatchNormalization(axis=5), (2, 3)),
    "GroupNormalization.groups_not_dividing": lambda: _call(
        L.GroupNormalization(groups=2), (2, 3)),
    "LayerNormalization.axis_out_of_range": lambda: _call(
        L.LayerNormalization(axis=4), (2, 3)),
    "CategoryEncoding.output_mode_unknown": lambda: L.CategoryEncoding(
        3, output_mode="nope"),
    "CategoryEncoding.value_too_large": lambda: L.CategoryEncoding(3)(
        np.array([[1, 5]], "int32")),
    "Activation.unknown": lambda: L.Activation("nope"),
    "Rescaling.string_input": lambda: L.Rescaling(0.5)(_STRINGS),
    "Resizing.interpolation_unknown": lambda: L.Resizing(
        2, 2, interpolation="nope"),
    "RandomFlip.mode_unknown": lambda: L.RandomFlip(mode="diagonal"),
    "RandomRotation.factor_too_large": lambda: L.RandomRotation(
        (0.5, 0.2)),
    "UpSampling2D.interpolation_unknown": lambda: L.UpSampling2D(
        interpolation="nope"),
    "TimeDistributed.not_a_layer": lambda: L.TimeDistributed("dense"),
    "Bidirectional.not_a_layer": lambda: L.Bidirectional(L.Dense(2)),
    "ZeroPadding2D.bad_padding": lambda: L.ZeroPadding2D(((1, 2, 3),)),
}

for _name, _fn in sorted(_BAD.items()):
    add(f"layers.{_name}.bad_input", _fn)


_ALIASES = ("AvgPool1D", "AvgPool2D", "AvgPool3D", "Convolution1D",
            "Convolution1DTranspose", "Convolution2D",
            "Convolution2DTranspose", "Convolution3D",
            "Convolution3DTranspose", "GlobalAvgPool1D", "GlobalAvgPool2D",
            "GlobalAvgPool3D", "GlobalMaxPool1D", "GlobalMaxPool2D",
            "GlobalMaxPool3D", "MaxPool1D", "MaxPool2D", "MaxPool3D",
            "SeparableConvolution1D", "SeparableConvolution2D")


def _aliases():
    """The class each short public alias names."""
    return {name: getattr(L, name).__name__ for name in _ALIASES}


add("layers.aliases.class_names", _aliases)
add("layers.Wrapper.is_layer", lambda: [
    issubclass(L.Wrapper, L.Layer), issubclass(L.Bidirectional, L.Wrapper),
    issubclass(L.TimeDistributed, L.Wrapper),
    issubclass(L.SpectralNormalization, L.Wrapper)])
add("layers.InputSpec.repr_fields", lambda: [
    L.InputSpec(ndim=3, axes={-1: 4}).ndim,
    L.InputSpec(shape=(None, 4)).shape,
    L.InputSpec(min_ndim=2).min_ndim])
