"""The `AugMix` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import augment_ops
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


# Keras's tables of the augmentations AugMix draws from: without, and
# with, the colour augmentations (`all_ops=True`).
AUGMENT_LAYERS = augment_ops.GEOMETRIC + augment_ops.PIXEL
AUGMENT_LAYERS_ALL = AUGMENT_LAYERS + augment_ops.COLOR


@keras_export("keras.layers.AugMix")
class AugMix(BaseImagePreprocessingLayer):
    """Mixes the image with several randomly augmented copies of it.

    In training, each of `num_chains` chains applies to every image 1 to
    `chain_depth` operations (the depth drawn per image and chain), each
    picked at random from the pool: shear, translation, rotation,
    solarization, posterization, auto-contrast and equalization, plus,
    when `all_ops`, brightness, color degeneration, contrast and
    sharpness. The chains are averaged with weights drawn from
    `Dirichlet(alpha)`, and the result mixed with the image with a weight
    drawn from `Beta(alpha, alpha)`. At inference the images pass
    through unchanged.

    Args:
        value_range: the `(low, high)` range of the pixel values.
        num_chains: the number of augmentation chains.
        chain_depth: the largest number of operations of a chain.
        factor: a number `f` (the range `(0, f)`) or a pair, in `[0, 1]`:
            the strength of the operations.
        alpha: the positive concentration of the Dirichlet and Beta
            draws.
        all_ops: whether the pool includes the color operations.
        interpolation: the interpolation of the geometric operations
            (`"nearest"` or `"bilinear"`).
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.AugMix(num_chains=2, chain_depth=1, seed=1)
    >>> out = layer(np.random.uniform(0, 255, (2, 8, 8, 3)), training=True)
    >>> tuple(out.shape)
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    # XLA has no kernel for TensorFlow's random gamma (the Dirichlet and
    # Beta draws); torch.compile cannot trace Equalization's bincount.
    supports_jit = {"tensorflow": False, "torch": False}

    def __init__(self, value_range=(0, 255), num_chains=3, chain_depth=3,
                 factor=0.3, alpha=1.0, all_ops=True,
                 interpolation="bilinear", seed=None, data_format=None,
                 **kwargs):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        image_math.check_factor_sign(self, factor)
        self.value_range = image_math.check_value_range(
            self, value_range, False
        )
        for name, value in (("num_chains", num_chains),
                            ("chain_depth", chain_depth)):
            if isinstance(value, bool) or not isinstance(value, int) or (
                value < 1
            ):
                raise ValueError(
                    f"AugMix: `{name}` should be a positive integer. "
                    f"Received: {name}={value!r}"
                )
        if isinstance(alpha, bool) or not isinstance(
            alpha, (int, float)
        ) or alpha <= 0:
            raise ValueError(
                "AugMix: `alpha` should be a positive number. Received: "
                f"alpha={alpha!r}"
            )
        self.num_chains = num_chains
        self.chain_depth = chain_depth
        self.alpha = alpha
        self.all_ops = all_ops
        self.interpolation = interpolation
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)
        names = augment_ops.GEOMETRIC + augment_ops.PIXEL
        if all_ops:
            names = names + augment_ops.COLOR
        self._ops = augment_ops.make_ops(
            self, names, self.factor[1], interpolation, seed
        )
        for name, op in self._ops:
            setattr(self, name, op)

    def _draw_step(self, data, seed):
        choice = augment_ops.random_choice(
            self, data["images"], len(self._ops), seed
        )
        transforms = augment_ops.draw_all(self, self._ops, data, seed)
        return {"layer_idxes": choice, "transforms": transforms}

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        b = self.backend
        if seed is None:
            seed = self._get_seed_generator(b.name)
        images = data["images"]
        size = image_math.batch_size(b, images)
        dtype = self.compute_dtype
        gammas = b.random.gamma((size, self.num_chains), self.alpha,
                                dtype=dtype, seed=seed)
        weights = gammas / b.numpy.sum(gammas, axis=1, keepdims=True)
        mix = b.random.beta((size,), self.alpha, self.alpha, dtype=dtype,
                            seed=seed)
        chains = []
        for _ in range(self.num_chains):
            depth = augment_ops.random_choice(
                self, images, self.chain_depth, seed
            ) + 1
            steps = [self._draw_step(data, seed)
                     for _ in range(self.chain_depth)]
            chains.append({"depth": depth, "steps": steps})
        return {"chain_weights": weights, "mix_weight": mix,
                "chains": chains}

    def _run_chain(self, images, chain):
        b = self.backend
        out = images
        for index, step in enumerate(chain["steps"]):
            moved = augment_ops.apply_chosen(
                self, self._ops, out, step["transforms"], step["layer_idxes"]
            )
            active = image_math.per_image(b, chain["depth"] > index)
            out = b.numpy.where(active, moved, out)
        return out

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        b = self.backend
        weights = b.cast(transformation["chain_weights"], images.dtype)
        mixed = None
        for index, chain in enumerate(transformation["chains"]):
            weight = image_math.per_image(b, weights[:, index])
            term = b.numpy.multiply(self._run_chain(images, chain), weight)
            mixed = term if mixed is None else b.numpy.add(mixed, term)
        mix = image_math.per_image(
            b, b.cast(transformation["mix_weight"], images.dtype)
        )
        return image_math.blend(b, mixed, images, mix)

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return segmentation_masks

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "value_range": self.value_range,
                "num_chains": self.num_chains,
                "chain_depth": self.chain_depth,
                "factor": self.factor,
                "alpha": self.alpha,
                "all_ops": self.all_ops,
                "interpolation": self.interpolation,
                "seed": self.seed,
            }
        )
        return config
