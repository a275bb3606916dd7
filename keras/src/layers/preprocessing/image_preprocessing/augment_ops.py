"""The pool of operations `RandAugment` and `AugMix` choose from, and the
per-image choice among them (every candidate is computed and the chosen
one kept with `where`, which compiles on every backend)."""

from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.auto_contrast import (  # noqa: E501
    AutoContrast,
)
from keras.src.layers.preprocessing.image_preprocessing.equalization import (
    Equalization,
)
from keras.src.layers.preprocessing.image_preprocessing.random_brightness import (  # noqa: E501
    RandomBrightness,
)
from keras.src.layers.preprocessing.image_preprocessing.random_color_degeneration import (  # noqa: E501
    RandomColorDegeneration,
)
from keras.src.layers.preprocessing.image_preprocessing.random_contrast import (  # noqa: E501
    RandomContrast,
)
from keras.src.layers.preprocessing.image_preprocessing.random_posterization import (  # noqa: E501
    RandomPosterization,
)
from keras.src.layers.preprocessing.image_preprocessing.random_rotation import (  # noqa: E501
    RandomRotation,
)
from keras.src.layers.preprocessing.image_preprocessing.random_sharpness import (  # noqa: E501
    RandomSharpness,
)
from keras.src.layers.preprocessing.image_preprocessing.random_shear import (
    RandomShear,
)
from keras.src.layers.preprocessing.image_preprocessing.random_translation import (  # noqa: E501
    RandomTranslation,
)
from keras.src.layers.preprocessing.image_preprocessing.solarization import (
    Solarization,
)

GEOMETRIC = ("random_shear", "random_translation", "random_rotation")
PIXEL = ("solarization", "random_posterization", "auto_contrast",
         "equalization")
COLOR = ("random_brightness", "random_color_degeneration",
         "random_contrast", "random_sharpness")


def make_ops(owner, names, magnitude, interpolation, seed):
    """Creates the operations `names` at strength `magnitude` in [0, 1].

    Returns:
        A list of `(name, layer)`; each layer computes with `owner`'s
        backend handle.
    """
    common = {"data_format": owner.data_format,
              "dtype": owner.dtype_policy}
    geometric = {"interpolation": interpolation, "seed": seed,
                 **common}
    vr = {"value_range": owner.value_range, "seed": seed, **common}
    bits = max(1, int(round(8 - 4 * magnitude)))
    makers = {
        "random_shear": lambda: RandomShear(
            x_factor=magnitude, y_factor=magnitude, **geometric),
        "random_translation": lambda: RandomTranslation(
            magnitude / 2, magnitude / 2, **geometric),
        "random_rotation": lambda: RandomRotation(
            magnitude / 6, **geometric),
        "solarization": lambda: Solarization(
            threshold_factor=(1.0 - magnitude, 1.0), **vr),
        "random_posterization": lambda: RandomPosterization(
            (bits, 8), **vr),
        "auto_contrast": lambda: AutoContrast(
            value_range=owner.value_range, **common),
        "equalization": lambda: Equalization(
            value_range=owner.value_range, **common),
        "random_brightness": lambda: RandomBrightness(magnitude, **vr),
        "random_color_degeneration": lambda: RandomColorDegeneration(
            magnitude, **vr),
        "random_contrast": lambda: RandomContrast(magnitude, **vr),
        "random_sharpness": lambda: RandomSharpness(magnitude, **vr),
    }
    ops = []
    for name in names:
        # Named after its attribute on the owner, so that copies made by
        # from_config get the same attributes (torch registers modules by
        # name).
        for kwargs in (common, geometric, vr):
            kwargs["name"] = name
        op = makers[name]()
        op.backend = owner.backend
        ops.append((name, op))
    return ops


def draw_all(owner, ops, data, seed):
    """Each operation's random transformation for the batch."""
    for _, op in ops:
        object.__setattr__(op, "_image_size", owner._image_size)
    return [
        op.get_random_transformation(data, training=True, seed=seed)
        for _, op in ops
    ]


def apply_chosen(owner, ops, images, transforms, choice):
    """Applies to each image the operation `choice[i]` (an int tensor of
    shape `(batch,)`) picks."""
    b = owner.backend
    out = images
    for index, ((_, op), params) in enumerate(zip(ops, transforms)):
        object.__setattr__(op, "_image_size", owner._image_size)
        candidate = op.transform_images(images, params, training=True)
        candidate = b.cast(candidate, images.dtype)
        pick = image_math.per_image(b, choice == index)
        out = b.numpy.where(pick, candidate, out)
    return out


def random_choice(owner, images, count, seed):
    """One uniformly drawn integer in `[0, count)` per image."""
    b = owner.backend
    size = image_math.batch_size(b, images)
    u = b.random.uniform((size,), seed=seed)
    return b.cast(b.numpy.minimum(b.numpy.floor(u * count), count - 1),
                  "int32")
