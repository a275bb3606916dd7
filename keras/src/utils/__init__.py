"""Utilities: logging, tracebacks, random seeds, backend switching, files,
datasets from directories and arrays, images.

The names Keras's `keras.src.utils` exports are resolved on first use
(`_LAZY_NAMES` gives each one's module): this package's `__init__` runs
before any `keras.src.utils.<module>` is imported, early in `import keras`,
and several of those modules reach for the backend, TensorFlow (tf.data)
or Pillow.
"""

import importlib

_LAZY_NAMES = {
    "Progbar": "progbar",
    "array_to_img": "image_utils",
    "audio_dataset_from_directory": "audio_dataset_utils",
    "default": "python_utils",
    "disable_interactive_logging": "io_utils",
    "enable_interactive_logging": "io_utils",
    "get_file": "file_utils",
    "image_dataset_from_directory": "image_dataset_utils",
    "img_to_array": "image_utils",
    "is_default": "python_utils",
    "is_interactive_logging_enabled": "io_utils",
    "load_img": "image_utils",
    "model_to_dot": "model_visualization",
    "normalize": "numerical_utils",
    "pad_sequences": "sequence_utils",
    "plot_model": "model_visualization",
    "removeprefix": "python_utils",
    "removesuffix": "python_utils",
    "save_img": "image_utils",
    "set_random_seed": "rng_utils",
    "split_dataset": "dataset_utils",
    "text_dataset_from_directory": "text_dataset_utils",
    "timeseries_dataset_from_array": "timeseries_dataset_utils",
    "to_categorical": "numerical_utils",
}


def __getattr__(name):
    if name not in _LAZY_NAMES:
        raise AttributeError(
            f"module {__name__!r} has no attribute {name!r}"
        )
    module_name = f"{__name__}.{_LAZY_NAMES[name]}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:
            raise
        raise AttributeError(
            f"module {__name__!r} has no attribute {name!r} ({module_name} "
            "is not part of this package)"
        ) from None
    return getattr(module, name)


def __dir__():
    return sorted(set(globals()) | set(_LAZY_NAMES))
