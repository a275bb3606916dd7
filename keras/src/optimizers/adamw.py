"""The AdamW optimizer: Adam with decoupled weight decay (Loshchilov &
Hutter, 2019)."""

from keras.src.api_export import keras_export
from keras.src.optimizers import adam


@keras_export(["keras.optimizers.AdamW"])
class AdamW(adam.Adam):
    """Adam with decoupled weight decay.

    Each step first shrinks every variable by `w * weight_decay *
    learning_rate` (see `exclude_from_weight_decay`), then applies the Adam
    update to it.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        weight_decay: the decay rate; required.
        beta_1: the decay rate of the first moment estimate.
        beta_2: the decay rate of the second moment estimate.
        epsilon: a small constant for numerical stability.
        amsgrad: whether to use the AMSGrad variant.
        clipnorm, clipvalue, global_clipnorm, use_ema, ema_momentum,
            ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> opt = keras.optimizers.AdamW(0.1, weight_decay=0.5)
    >>> opt.apply([keras.ops.zeros((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [0.95, 1.9]
    """

    def __init__(
        self,
        learning_rate=0.001,
        weight_decay=0.004,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
        amsgrad=False,
        clipnorm=None,
        clipvalue=None,
        global_clipnorm=None,
        use_ema=False,
        ema_momentum=0.99,
        ema_overwrite_frequency=None,
        loss_scale_factor=None,
        gradient_accumulation_steps=None,
        name=None,
        **kwargs,
    ):
        if weight_decay is None:
            raise ValueError(
                "Argument `weight_decay` must be a float. Received: "
                "weight_decay=None"
            )
        super().__init__(
            learning_rate=learning_rate,
            beta_1=beta_1,
            beta_2=beta_2,
            epsilon=epsilon,
            amsgrad=amsgrad,
            weight_decay=weight_decay,
            clipnorm=clipnorm,
            clipvalue=clipvalue,
            global_clipnorm=global_clipnorm,
            use_ema=use_ema,
            ema_momentum=ema_momentum,
            ema_overwrite_frequency=ema_overwrite_frequency,
            loss_scale_factor=loss_scale_factor,
            gradient_accumulation_steps=gradient_accumulation_steps,
            name=name,
            **kwargs,
        )
