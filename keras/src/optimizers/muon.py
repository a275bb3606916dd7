"""The Muon optimizer: orthogonalized momentum for matrices (Jordan et
al., 2024), with AdamW for every other variable."""

import re

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer


@keras_export(["keras.optimizers.Muon"])
class Muon(base_optimizer.Optimizer):
    """Muon: momentum whose update is orthogonalized by Newton-Schulz
    iterations, for 2D weights; AdamW for the rest.

    A 2D variable that is not excluded gets the Muon step:
    `m = momentum * m + g`, `u = g + momentum * m` (Nesterov) or `u = m`,
    `O = zeropower_via_newtonschulz5(u, ns_steps)` (an approximation of
    the nearest semi-orthogonal matrix), then
    `w = w - lr * O * rms_rate * sqrt(max(rows, columns))` (so that the
    update's RMS matches AdamW's). Every other variable (not 2D, an
    embedding when `exclude_embeddings`, or matching `exclude_layers`)
    gets an AdamW step with learning rate `lr * adam_lr_ratio`.
    `weight_decay` applies to Muon variables, `adam_weight_decay` to the
    others.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        adam_beta_1: the first moment decay rate of the AdamW steps.
        adam_beta_2: the second moment decay rate of the AdamW steps.
        adam_weight_decay: the weight decay of the AdamW variables.
        epsilon: a small constant of the AdamW steps.
        weight_decay: the weight decay of the Muon variables.
        clipnorm, clipvalue, global_clipnorm, use_ema, ema_momentum,
            ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        exclude_layers: regular expressions; variables whose path
            matches one get the AdamW step.
        exclude_embeddings: whether embedding variables (a path containing
            "embedding") get the AdamW step.
        muon_a: the first coefficient of the Newton-Schulz iteration.
        muon_b: the second coefficient.
        muon_c: the third coefficient.
        adam_lr_ratio: the AdamW learning rate relative to Muon's.
        momentum: the momentum of the Muon steps.
        ns_steps: the number of Newton-Schulz iterations.
        nesterov: whether the Muon steps use Nesterov momentum.
        rms_rate: the target RMS of a Muon update, per unit learning rate
            and `sqrt(max(rows, columns))`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([[1.0, 0.0], [0.0, 1.0]])
    >>> opt = keras.optimizers.Muon(learning_rate=0.1, weight_decay=0.0)
    >>> opt.apply([keras.ops.ones((2, 2))], [w])
    >>> w.shape
    (2, 2)
    """

    def __init__(
        self,
        learning_rate=0.001,
        adam_beta_1=0.9,
        adam_beta_2=0.999,
        adam_weight_decay=0.004,
        epsilon=1e-7,
        weight_decay=0.004,
        clipnorm=None,
        clipvalue=None,
        global_clipnorm=None,
        use_ema=False,
        ema_momentum=0.99,
        ema_overwrite_frequency=None,
        loss_scale_factor=None,
        gradient_accumulation_steps=None,
        name=None,
        exclude_layers=None,
        exclude_embeddings=True,
        muon_a=3.4445,
        muon_b=-4.775,
        muon_c=2.0315,
        adam_lr_ratio=1,
        momentum=0.95,
        ns_steps=5,
        nesterov=True,
        rms_rate=0.2,
        **kwargs,
    ):
        super().__init__(
            learning_rate=learning_rate,
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
        if isinstance(exclude_layers, str):
            exclude_layers = [exclude_layers]
        self.adam_beta_1 = adam_beta_1
        self.adam_beta_2 = adam_beta_2
        self.adam_weight_decay = adam_weight_decay
        self.epsilon = epsilon
        self.exclude_layers = list(exclude_layers or [])
        self.exclude_embeddings = exclude_embeddings
        self.muon_a = muon_a
        self.muon_b = muon_b
        self.muon_c = muon_c
        self.adam_lr_ratio = adam_lr_ratio
        self.momentum = momentum
        self.ns_steps = ns_steps
        self.nesterov = nesterov
        self.rms_rate = rms_rate

    def _uses_adam(self, variable):
        if len(variable.shape) != 2:
            return True
        path = getattr(variable, "path", variable.name)
        if self.exclude_embeddings and "embedding" in path.lower():
            return True
        return any(re.search(p, path) for p in self.exclude_layers)

    def build(self, var_list):
        """Creates a momentum slot per variable, and a second moment slot
        per AdamW variable."""
        if self.built:
            return
        super().build(var_list)
        self._adam_indices = set()
        self._momentums = []
        self._velocities = []
        for index, variable in enumerate(var_list):
            self._momentums.append(
                self.add_variable_from_reference(variable, "momentum")
            )
            velocity = None
            if self._uses_adam(variable):
                self._adam_indices.add(index)
                velocity = self.add_variable_from_reference(
                    variable, "velocity"
                )
            self._velocities.append(velocity)

    def _apply_weight_decay(self, variables):
        learning_rate = self.learning_rate
        for variable in variables:
            adam = self._get_variable_index(variable) in self._adam_indices
            decay = self.adam_weight_decay if adam else self.weight_decay
            if not decay or not self._use_weight_decay(variable):
                continue
            dtype = variable.dtype
            factor = ops.cast(decay, dtype) * ops.cast(learning_rate, dtype)
            variable.assign(variable.value - variable.value * factor)

    def update_step(self, gradient, variable, learning_rate):
        """Applies a Muon or an AdamW step to `variable`."""
        index = self._get_variable_index(variable)
        lr = ops.cast(learning_rate, variable.dtype)
        if index in self._adam_indices:
            self._adam_step(gradient, variable, lr, index)
        else:
            self._muon_step(gradient, variable, lr, index)

    def _muon_step(self, gradient, variable, lr, index):
        m = self._momentums[index]
        momentum = ops.cast(self.momentum, variable.dtype)
        self.assign(m, momentum * m.value + gradient)
        direction = gradient + momentum * m.value if self.nesterov else (
            m.value
        )
        orthogonal = self.zeropower_via_newtonschulz5(
            direction, self.ns_steps
        )
        self.assign_sub(variable, lr * self.lr_adjust(orthogonal))

    def _adam_step(self, gradient, variable, lr, index):
        dtype = variable.dtype
        lr = lr * ops.cast(self.adam_lr_ratio, dtype)
        step = ops.cast(self.iterations + 1, dtype)
        beta_1 = ops.cast(self.adam_beta_1, dtype)
        beta_2 = ops.cast(self.adam_beta_2, dtype)
        m = self._momentums[index]
        v = self._velocities[index]
        self.assign_add(m, (gradient - m.value) * (1 - beta_1))
        self.assign_add(v, (ops.square(gradient) - v.value) * (1 - beta_2))
        alpha = lr * ops.sqrt(1 - ops.power(beta_2, step)) / (
            1 - ops.power(beta_1, step)
        )
        self.assign_sub(
            variable, m.value * alpha / (ops.sqrt(v.value) + self.epsilon)
        )

    def transpose_last_axis(self, X):
        """Swaps the last two axes of `X`."""
        axes = list(range(len(X.shape)))
        axes[-2], axes[-1] = axes[-1], axes[-2]
        return ops.transpose(X, axes)

    def lr_adjust(self, x):
        """Scales an orthogonalized update `x` so that its RMS is about
        `rms_rate` (the RMS of a typical AdamW update)."""
        rows, columns = x.shape[-2], x.shape[-1]
        return x * (self.rms_rate * max(rows, columns) ** 0.5)

    def zeropower_via_newtonschulz5(self, x, steps: int):
        """Approximates the orthogonal factor `U @ V^T` of the SVD of `x`
        (over its last two axes) with `steps` quintic Newton-Schulz
        iterations.

        Args:
            x: a matrix or a batch of matrices.
            steps: the number of iterations.

        Returns:
            A tensor of the shape of `x`.
        """
        x = ops.convert_to_tensor(x)
        tall = x.shape[-2] > x.shape[-1]
        if tall:
            x = self.transpose_last_axis(x)
        norm = ops.sqrt(ops.sum(ops.square(x), axis=(-2, -1), keepdims=True))
        x = x / (norm + 1e-7)
        for _ in range(steps):
            gram = ops.matmul(x, self.transpose_last_axis(x))
            poly = self.muon_b * gram + self.muon_c * ops.matmul(gram, gram)
            x = self.muon_a * x + ops.matmul(poly, x)
        if tall:
            x = self.transpose_last_axis(x)
        return x

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "adam_beta_1": self.adam_beta_1,
                "adam_beta_2": self.adam_beta_2,
                "epsilon": self.epsilon,
                "exclude_layers": self.exclude_layers,
                "muon_a": self.muon_a,
                "muon_b": self.muon_b,
                "muon_c": self.muon_c,
                "adam_lr_ratio": self.adam_lr_ratio,
                "momentum": self.momentum,
                "ns_steps": self.ns_steps,
                "nesterov": self.nesterov,
                "exclude_embeddings": self.exclude_embeddings,
                "adam_weight_decay": self.adam_weight_decay,
                "rms_rate": self.rms_rate,
            }
        )
        return config
