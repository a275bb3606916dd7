"""Writes `preprocessing_cases.json` and `image_cases.npz`: what upstream
Keras 3.15.1's legacy text, sequence and image utilities return for fixed
inputs; `keras/src/legacy/preprocessing/*_test.py` compare against them.

    KERAS_BACKEND=jax /opt/keras-oracle/bin/python \
        keras/src/legacy/testdata/make_preprocessing_fixtures.py
"""

import json
import os
import random

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
TEXTS = [
    "The cat sat on the mat.",
    "The dog ate my homework!",
    "A cat and a dog, and THE bird.",
]


def image_input():
    rng = np.random.default_rng(3)
    return rng.uniform(0, 255, size=(3, 6, 5)).astype("float32")


# (name, keyword arguments) of apply_affine_transform; the image is
# channels first (channel_axis=0, row_axis=1, col_axis=2).
AFFINE_CASES = [
    ("rotate", {"theta": 30}),
    ("shift", {"tx": 1.5, "ty": -1, "fill_mode": "constant", "cval": 7.0}),
    ("shear", {"shear": 20, "fill_mode": "reflect"}),
    ("zoom", {"zx": 0.8, "zy": 1.3, "fill_mode": "wrap", "order": 0}),
    ("all", {"theta": -15, "tx": 1, "shear": 5, "zx": 1.1, "zy": 0.9,
             "fill_mode": "nearest", "order": 3}),
]


def main():
    import keras
    from keras.src.legacy.preprocessing import image as legacy_image

    tk = keras._tf_keras.keras.preprocessing
    text, sequence, image = tk.text, tk.sequence, tk.image
    out = {"texts": TEXTS}

    out["word_sequence"] = text.text_to_word_sequence(TEXTS[2])
    out["word_sequence_custom"] = text.text_to_word_sequence(
        "a-b c_d", filters="-", lower=False, split="_")
    out["hashing_md5"] = text.hashing_trick(TEXTS[0], 50,
                                            hash_function="md5")

    tokenizers = {
        "plain": {},
        "oov": {"num_words": 5, "oov_token": "<unk>"},
        "chars": {"char_level": True, "lower": False},
    }
    out["tokenizers"] = {}
    for name, kwargs in tokenizers.items():
        tokenizer = text.Tokenizer(**kwargs)
        tokenizer.fit_on_texts(TEXTS)
        queries = TEXTS + ["the unicorn sat"]
        sequences = tokenizer.texts_to_sequences(queries)
        entry = {
            "kwargs": kwargs,
            "word_index": tokenizer.word_index,
            "word_counts": dict(tokenizer.word_counts),
            "sequences": sequences,
            "texts": tokenizer.sequences_to_texts(sequences),
            "config": tokenizer.get_config(),
            "json": tokenizer.to_json(),
        }
        for mode in ("binary", "count", "tfidf", "freq"):
            entry[mode] = tokenizer.texts_to_matrix(queries,
                                                    mode=mode).tolist()
        out["tokenizers"][name] = entry

    random.seed(5)
    out["skipgrams_plain"] = sequence.skipgrams(
        [1, 2, 0, 3, 4, 2], 6, window_size=2, negative_samples=0.0,
        shuffle=False)
    random.seed(5)
    out["skipgrams_random"] = sequence.skipgrams(
        [1, 2, 0, 3, 4, 2], 6, window_size=1, negative_samples=1.5,
        shuffle=True, categorical=True)
    random.seed(5)
    out["skipgrams_sampled"] = sequence.skipgrams(
        [1, 2, 3, 4, 5], 6, window_size=1, shuffle=False,
        sampling_table=[0.0, 0.9, 0.1, 0.5, 0.5, 0.9])
    out["sampling_table"] = sequence.make_sampling_table(
        6, sampling_factor=0.1).tolist()

    data = np.arange(40).reshape(20, 2)
    targets = np.arange(20) * 10
    generators = {
        "plain": {"length": 3, "batch_size": 4},
        "strided": {"length": 4, "sampling_rate": 2, "stride": 3,
                    "start_index": 1, "end_index": 17, "batch_size": 2,
                    "reverse": True},
    }
    out["timeseries"] = {}
    for name, kwargs in generators.items():
        generator = sequence.TimeseriesGenerator(data, targets, **kwargs)
        batches = [generator[i] for i in range(len(generator))]
        # Upstream's `to_json` fails (its `get_config` calls a missing
        # parent method), so only the batches are compared.
        out["timeseries"][name] = {
            "kwargs": kwargs,
            "len": len(generator),
            "x": [b[0].tolist() for b in batches],
            "y": [b[1].tolist() for b in batches],
        }
    out["timeseries"]["data"] = data.tolist()
    out["timeseries"]["targets"] = targets.tolist()

    arrays = {"input": image_input()}
    out["affine_cases"] = AFFINE_CASES
    for name, kwargs in AFFINE_CASES:
        arrays[f"affine_{name}"] = image.apply_affine_transform(
            image_input(), channel_axis=0, row_axis=1, col_axis=2, **kwargs)
    # (apply_brightness_shift needs Pillow, which the oracle lacks.)
    arrays["channel_shift"] = image.apply_channel_shift(image_input(), 40.0)
    arrays["offset_matrix"] = legacy_image.transform_matrix_offset_center(
        np.array([[1, 0.2, 0], [0.1, 1, 0], [0, 0, 1]]), 6, 5)
    fit_data = np.random.default_rng(4).uniform(
        size=(6, 4, 4, 3)).astype("float32")
    arrays["fit_data"] = fit_data
    generator = image.ImageDataGenerator(
        featurewise_center=True, featurewise_std_normalization=True,
        samplewise_center=True, samplewise_std_normalization=True,
        rescale=0.5)
    generator.fit(fit_data)
    arrays["fit_mean"] = generator.mean
    arrays["fit_std"] = generator.std
    arrays["standardized"] = generator.standardize(fit_data[0].copy())
    generator = image.ImageDataGenerator(featurewise_center=True,
                                         zca_whitening=True)
    generator.fit(fit_data)
    arrays["zca_matrix"] = generator.zca_whitening_matrix
    arrays["zca_standardized"] = generator.standardize(fit_data[1].copy())
    generator = image.ImageDataGenerator(
        rotation_range=40, width_shift_range=0.2, height_shift_range=2,
        shear_range=10, zoom_range=[0.7, 1.2], channel_shift_range=20.0,
        horizontal_flip=True, vertical_flip=True,
        brightness_range=(0.5, 1.5))
    out["random_transforms"] = []
    for seed in (1, 2, 3):
        params = generator.get_random_transform((6, 5, 3), seed=seed)
        out["random_transforms"].append(
            {k: float(v) if v is not None else None
             for k, v in params.items()})
    generator = image.ImageDataGenerator(
        rotation_range=40, width_shift_range=[-1, 2], shear_range=10,
        zoom_range=0.3, horizontal_flip=True, fill_mode="constant", cval=3)
    arrays["random_transform"] = generator.random_transform(
        np.transpose(image_input(), (1, 2, 0)), seed=9)
    np.savez_compressed(os.path.join(HERE, "image_cases.npz"), **arrays)
    with open(os.path.join(HERE, "preprocessing_cases.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote preprocessing fixtures")


if __name__ == "__main__":
    main()
