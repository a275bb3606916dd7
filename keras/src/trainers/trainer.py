"""`Trainer`: `compile`, `fit`, `evaluate` and `predict`, written once.

The epoch loop, callbacks, logs and validation live here; the step
bodies in `steps.py` (made pure functions of the state for JAX by
`stateless_steps.py`). The active backend's `trainer` module supplies
how gradients are taken, how batches are converted and how steps are
compiled: the contract is written in `backend_trainer.py`.
"""

import functools
import warnings

import numpy as np

from keras.src import backend
from keras.src import metrics as metrics_module
from keras.src import ops
from keras.src import optimizers as optimizers_module
from keras.src import tree
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.callbacks.callback_list import CallbackList
from keras.src.trainers import compile_utils
from keras.src.trainers.backend_trainer import backend_trainer
from keras.src.trainers import jit_resolution
from keras.src.trainers import overrides
from keras.src.trainers import stateless_steps
from keras.src.trainers import steps
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.epoch_iterator import EpochIterator


# The active backend's trainer module (see `backend_trainer.py`).
_backend_trainer = backend_trainer


def _in_distribute_scope(method):
    """Runs `method` in the scope the backend gives the model: on
    TensorFlow, the `tf.distribute` strategy it was made under, so
    variables built late are that strategy's (tf.keras does the same);
    elsewhere no scope."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with _backend_trainer().distribute_scope(self):
            return method(self, *args, **kwargs)

    return wrapper


class Trainer:
    """Mixed into `Model`: training, evaluation and inference."""

    compiled = False
    optimizer = None
    loss = None
    train_function = None
    test_function = None
    predict_function = None
    stop_training = False
    history = None
    steps_per_execution = 1
    _compile_loss = None
    _compile_metrics = None
    _loss_tracker = None
    _jit_compile = None
    _run_eagerly = False
    _compile_config = None
    # One step's flattened `y`/`y_pred`/`sample_weight`, shared by the
    # loss and the metrics (a plain holder: setting it is no change to
    # the model's tracked attributes). Set per model by `compile()`.
    _step_values_cache = compile_utils.StepValuesCache()

    # -- compile --------------------------------------------------------------

    def compile(
        self,
        optimizer="rmsprop",
        loss=None,
        loss_weights=None,
        metrics=None,
        weighted_metrics=None,
        run_eagerly=False,
        steps_per_execution=1,
        jit_compile="auto",
        auto_scale_loss=True,
    ):
        """Configures the model for training.

        Args:
            optimizer: an optimizer name or instance.
            loss: a loss (name, function, `keras.losses.Loss`), or a list
                or dict of them matching the outputs.
            loss_weights: scalars weighting the outputs' losses.
            metrics: metrics to track, per output as for `loss`.
            weighted_metrics: metrics that also use the sample weights.
            run_eagerly: whether to run steps without compiling them.
            steps_per_execution: batches run per call of the step
                function.
            jit_compile: `True`, `False`, `"auto"`, or a dict of options
                for the active backend's compiler.
            auto_scale_loss: whether mixed-precision training scales the
                loss (wrapping the optimizer in a `LossScaleOptimizer`).

        Example:

        >>> model = keras.Sequential([keras.layers.Dense(1)])
        >>> model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
        """
        self.optimizer = optimizers_module.get(optimizer)
        if (
            auto_scale_loss
            and self.dtype_policy.compute_dtype == "float16"
            and not isinstance(self.optimizer,
                               optimizers_module.LossScaleOptimizer)
        ):
            self.optimizer = optimizers_module.LossScaleOptimizer(
                self.optimizer
            )
        for what, value in (("metrics", metrics),
                            ("weighted_metrics", weighted_metrics)):
            if value is not None and not isinstance(value,
                                                    (list, tuple, dict)):
                raise ValueError(
                    f"Expected `{what}` argument to be a list, tuple, or "
                    f"dict. Received instead: {what}={value} of type "
                    f"{type(value)}"
                )
        output_names = self._output_names()
        # A second `compile()` replaces the loss tracker and the compiled
        # metrics: the old ones leave the model's tracked metrics, or
        # their (reset) results would overwrite the new ones in the logs.
        stale = (self._loss_tracker, self._compile_metrics)
        self._metrics[:] = [
            m for m in self._metrics if not any(m is s for s in stale)
        ]
        self.loss = loss
        self._compile_loss = (
            None if loss is None
            else compile_utils.CompileLoss(loss, loss_weights, output_names)
        )
        self._compile_metrics = (
            None if metrics is None and weighted_metrics is None
            else compile_utils.CompileMetrics(
                metrics, weighted_metrics, output_names
            )
        )
        self._loss_tracker = metrics_module.Mean(name="loss")
        object.__setattr__(self, "_step_values_cache",
                           compile_utils.StepValuesCache())
        if steps_per_execution < 1:
            raise ValueError(
                "`steps_per_execution` must be >= 1. Received: "
                f"{steps_per_execution}"
            )
        self.steps_per_execution = int(steps_per_execution)
        self._run_eagerly = bool(run_eagerly)
        self._jit_compile = self._resolve_jit_compile(jit_compile)
        # Untracked: the user's metric instances are tracked through
        # `_compile_metrics`, not again as metrics of the model itself.
        object.__setattr__(self, "_compile_config", {
            "optimizer": optimizer, "loss": loss,
            "loss_weights": loss_weights, "metrics": metrics,
            "weighted_metrics": weighted_metrics,
            "run_eagerly": run_eagerly,
            "steps_per_execution": steps_per_execution,
            # Recorded resolved, as Keras does, so a reload compiles
            # the same way whatever "auto" means by then.
            "jit_compile": (
                self._jit_compile if jit_compile == "auto" else jit_compile
            ),
        })
        self.train_function = None
        self.test_function = None
        self.predict_function = None
        self.compiled = True

    def _output_names(self):
        names = getattr(self, "output_names", None)
        return list(names) if names else None

    def _resolve_jit_compile(self, jit_compile):
        # What runs, per backend and the layers' `supports_jit`; an
        # explicit request that some layers cannot honour warns once.
        return jit_resolution.resolve_and_warn(
            self, jit_compile, backend.backend(),
            _backend_trainer().AUTO_JIT,
        )

    @property
    def jit_compile(self):
        """What the compiled steps use: `True`, `False` or the options."""
        if self._jit_compile is None:
            return self._resolve_jit_compile("auto")
        return self._jit_compile

    @jit_compile.setter
    def jit_compile(self, value):
        self._jit_compile = self._resolve_jit_compile(value)
        self.train_function = self.test_function = None
        self.predict_function = None

    @property
    def run_eagerly(self):
        return self._run_eagerly

    @run_eagerly.setter
    def run_eagerly(self, value):
        self._run_eagerly = bool(value)
        self.train_function = self.test_function = None
        self.predict_function = None

    def get_compile_config(self):
        """The arguments `compile()` was called with (for saving)."""
        if not self.compiled:
            return None
        from keras.src.saving import serialization_lib

        return serialization_lib.serialize_keras_object(
            self._compile_config
        )

    def compile_from_config(self, config):
        """Calls `compile()` with the output of `get_compile_config()`."""
        from keras.src.saving import serialization_lib

        config = serialization_lib.deserialize_keras_object(config)
        self.compile(**config)

    # -- losses and metrics ---------------------------------------------------

    @property
    def metrics(self):
        """The metrics tracked by `fit`/`evaluate`: the loss, the compiled
        metrics, then metrics held by the model itself and its layers."""
        metrics = []
        if self.compiled:
            metrics.append(self._loss_tracker)
            if self._compile_metrics is not None:
                metrics.append(self._compile_metrics)
            if self._compile_loss is not None:
                metrics.extend(self._compile_loss.metrics)
        for layer in self._flatten_layers():
            metrics.extend(
                m for m in layer._metrics
                if not any(m is listed for listed in metrics)
            )
        return metrics

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    @property
    def metrics_variables(self):
        return [v for m in self.metrics for v in m.variables]

    def reset_metrics(self):
        """Resets every tracked metric."""
        for metric in self.metrics:
            metric.reset_state()

    def compute_loss(
        self, x=None, y=None, y_pred=None, sample_weight=None, training=True
    ):
        """Returns the total loss: the compiled loss plus the losses the
        layers added (regularization, `add_loss`).

        Example:

        >>> model = keras.Sequential([keras.layers.Dense(1)])
        >>> model.compile(loss="mse")
        >>> y_pred = model(np.ones((2, 3)))
        >>> loss = model.compute_loss(y=np.ones((2, 1)), y_pred=y_pred)
        """
        del x, training
        total = None
        compile_loss = self._compile_loss
        if compile_loss is not None and y is not None:
            if not compile_loss.built:
                compile_loss.build(y, y_pred)
            total = compile_loss.call_flat(self._flat_step_values(
                y, y_pred, sample_weight, compile_loss.names, "loss"
            ))
        for loss in self.losses:
            loss = ops.sum(ops.cast(loss, backend.floatx()))
            total = loss if total is None else ops.add(total, loss)
        if total is None:
            if self._compile_loss is None:
                raise ValueError(
                    f"Model '{self.name}' has no loss: pass `loss=` to "
                    "`compile()`, or add losses in `call()`."
                )
            total = ops.zeros(())
        return total

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        """Updates the compiled metrics and returns all metric results.

        Returns:
            A dict `{name: value}`.
        """
        del x
        compile_metrics = self._compile_metrics
        if compile_metrics is not None and y is not None:
            if not compile_metrics.built:
                compile_metrics.build(y, y_pred)
            compile_metrics.update_flat(self._flat_step_values(
                y, y_pred, sample_weight, compile_metrics.names, "metric"
            ))
        # The step ends here: its values are not kept past it.
        self._step_values_cache.values = None
        return self.get_metrics_result()

    def _flat_step_values(self, y, y_pred, sample_weight, names, what):
        """`y`, `y_pred` and `sample_weight` flattened against the
        outputs once per step: `compute_metrics` takes what
        `compute_loss` flattened from the same objects (see
        `compile_utils.flatten_step`)."""
        cache = self._step_values_cache
        values = compile_utils.flatten_step(
            y, y_pred, sample_weight, names, what, previous=cache.values
        )
        cache.values = values
        return values

    def get_metrics_result(self):
        """Returns `{name: value}` for every tracked metric."""
        results = {}
        for metric in self.metrics:
            value = metric.result()
            if isinstance(value, dict):
                results.update(value)
            else:
                results[metric.name] = value
        return results

    # -- steps ----------------------------------------------------------------

    # The steps take Keras's per-backend arguments, so that a user's
    # override written as Keras documents it is called the same way.
    if backend.backend() == "jax":

        def train_step(self, state, data):
            """One optimization step on a batch `data = (x, y,
            sample_weight)` as a pure function of the model `state`;
            returns `(logs, new_state)`. Override it to customize `fit`."""
            return stateless_steps.train_step(
                self, state, data, _backend_trainer().compute_gradients
            )

        def test_step(self, state, data):
            """One evaluation step: `(logs, new_state)`."""
            return stateless_steps.test_step(self, state, data)

        def predict_step(self, state, data):
            """One inference step: `(outputs, new_state)`."""
            return stateless_steps.predict_step(self, state, data)

    else:

        def train_step(self, data):
            """One optimization step on a batch `data = (x, y,
            sample_weight)`; returns the logs. Override it to customize
            `fit`."""
            trainer = _backend_trainer()
            return steps.train_step(self, data, trainer.compute_gradients,
                                    trainer.update_scope)

        def test_step(self, data):
            """One evaluation step; returns the logs."""
            return steps.test_step(self, data)

        def predict_step(self, data):
            """One inference step; returns the predictions."""
            return steps.predict_step(self, data)

    def jax_state_sync(self):
        """Writes state held by compiled JAX steps back into the
        variables (a no-op on other backends)."""
        _backend_trainer().sync_state(self)

    def make_train_function(self, force=False):
        if self.train_function is None or force:
            self.train_function = _backend_trainer().make_train_function(self)
        return self.train_function

    def make_test_function(self, force=False):
        if self.test_function is None or force:
            self.test_function = _backend_trainer().make_test_function(self)
        return self.test_function

    def make_predict_function(self, force=False):
        if self.predict_function is None or force:
            self.predict_function = _backend_trainer().make_predict_function(
                self
            )
        return self.predict_function

    # -- fit ------------------------------------------------------------------

    @_in_distribute_scope
    def fit(
        self,
        x=None,
        y=None,
        batch_size=None,
        epochs=1,
        verbose="auto",
        callbacks=None,
        validation_split=0.0,
        validation_data=None,
        shuffle=True,
        class_weight=None,
        sample_weight=None,
        initial_epoch=0,
        steps_per_epoch=None,
        validation_steps=None,
        validation_batch_size=None,
        validation_freq=1,
    ):
        """Trains the model for `epochs` passes over the data.

        Args:
            x: inputs: arrays (or lists/dicts of them), a
                `keras.utils.PyDataset`, a generator, a `tf.data.Dataset`
                or a `torch.utils.data.DataLoader` (yielding `(x, y)` or
                `(x, y, sample_weight)`).
            y: targets, when `x` is arrays.
            batch_size: samples per step (default 32) for array data.
            epochs: the epoch to end at.
            verbose: 0 (silent), 1 (progress bar), 2 (one line per
                epoch) or "auto" (1).
            callbacks: `keras.callbacks.Callback`s.
            validation_split: the fraction of array data held out for
                validation (taken from the end).
            validation_data: data to evaluate on after each epoch.
            shuffle: whether to shuffle array data each epoch.
            class_weight: `{class: weight}` scaling each sample's loss.
            sample_weight: per-sample weights for array data.
            initial_epoch: the epoch to start at (to resume training).
            steps_per_epoch: steps per epoch (default: the whole data).
            validation_steps: steps per validation run.
            validation_batch_size: batch size of the validation data.
            validation_freq: validate every this many epochs (or at the
                epochs in a list).

        Returns:
            A `History` whose `history` dict holds the logs per epoch.

        Example:

        >>> model = keras.Sequential([keras.layers.Dense(1)])
        >>> model.compile(optimizer="sgd", loss="mse")
        >>> history = model.fit(np.ones((8, 3)), np.ones((8, 1)),
        ...                     epochs=2, verbose=0)
        >>> len(history.history["loss"])
        2
        """
        # The backend's check first: on numpy nothing trains, compiled
        # or not.
        _backend_trainer().check_can_train(self)
        self._check_compiled("fit")
        epochs = _capped_epochs(epochs)
        if validation_split and validation_data is None:
            (x, y, sample_weight), validation_data = (
                data_adapter_utils.train_validation_split(
                    (x, y, sample_weight), validation_split=validation_split
                )
            )
        iterator = EpochIterator(
            x=x, y=y, sample_weight=sample_weight, batch_size=batch_size,
            steps_per_epoch=steps_per_epoch, shuffle=shuffle,
            class_weight=class_weight,
            steps_per_execution=self.steps_per_execution,
        )
        validation_iterator = None
        if validation_data is not None:
            val_x, val_y, val_sw = data_adapter_utils.unpack_x_y_sample_weight(
                validation_data
            )
            validation_iterator = EpochIterator(
                x=val_x, y=val_y, sample_weight=val_sw,
                batch_size=validation_batch_size or batch_size,
                steps_per_epoch=validation_steps, shuffle=False,
                steps_per_execution=self.steps_per_execution,
            )
        self._build_for(iterator)
        callbacks = self._callback_list(
            callbacks, verbose, epochs=epochs,
            steps=iterator.num_batches, add_history=True,
        )
        self.stop_training = False
        train_function = self.make_train_function()
        callbacks.on_train_begin()
        initial_epoch = max(initial_epoch,
                            getattr(self, "_initial_epoch", None) or 0)
        logs = {}
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            callbacks.on_epoch_begin(epoch)
            step_logs = None
            for step, batches in iterator.enumerate_epoch():
                callbacks.on_train_batch_begin(step)
                step_logs = train_function(batches)
                callbacks.on_train_batch_end(step, step_logs)
                if self.stop_training:
                    break
            _backend_trainer().sync_state(self)
            epoch_logs = self._numeric_logs(self._final_logs(step_logs))
            if validation_iterator is not None and _should_validate(
                epoch, validation_freq
            ):
                val_logs = self._evaluate_iterator(validation_iterator,
                                                   callbacks)
                epoch_logs.update(
                    {f"val_{k}": v for k, v in val_logs.items()}
                )
            callbacks.on_epoch_end(epoch, epoch_logs)
            logs = epoch_logs
            if self.stop_training:
                break
        if (
            self.optimizer is not None
            and getattr(self.optimizer, "use_ema", False)
        ):
            self.optimizer.finalize_variable_values(self.trainable_weights)
        callbacks.on_train_end(logs)
        return self.history

    # -- evaluate and predict -------------------------------------------------

    @_in_distribute_scope
    def evaluate(
        self,
        x=None,
        y=None,
        batch_size=None,
        verbose="auto",
        sample_weight=None,
        steps=None,
        callbacks=None,
        return_dict=False,
        **kwargs,
    ):
        """Returns the loss and metrics of the model on the data.

        Args:
            x, y, sample_weight, batch_size: the data, as for `fit`.
            verbose: 0, 1, 2 or "auto".
            steps: the number of batches to evaluate.
            callbacks: `keras.callbacks.Callback`s.
            return_dict: return `{name: value}` instead of a list.

        Returns:
            The loss (a scalar) when nothing else is tracked; else a list
            ordered like `metrics_names` (or a dict).
        """
        self._check_compiled("evaluate")
        if kwargs:
            raise ValueError(f"Invalid keyword arguments: {list(kwargs)}")
        iterator = EpochIterator(
            x=x, y=y, sample_weight=sample_weight, batch_size=batch_size,
            steps_per_epoch=steps, shuffle=False,
            steps_per_execution=self.steps_per_execution,
        )
        self._build_for(iterator)
        callbacks = self._callback_list(
            callbacks, verbose, epochs=1, steps=iterator.num_batches
        )
        logs = self._evaluate_iterator(iterator, callbacks)
        if return_dict:
            return logs
        values = [logs[k] for k in self._ordered_log_names(logs)]
        return values[0] if len(values) == 1 else values

    def _evaluate_iterator(self, iterator, callbacks=None):
        test_function = self.make_test_function()
        self.reset_metrics()
        if callbacks is not None:
            callbacks.on_test_begin()
        logs = None
        for step, batches in iterator.enumerate_epoch():
            if callbacks is not None:
                callbacks.on_test_batch_begin(step)
            logs = test_function(batches)
            if callbacks is not None:
                callbacks.on_test_batch_end(step, logs)
        _backend_trainer().sync_state(self, metrics_only=True)
        logs = self._numeric_logs(self._final_logs(logs))
        if callbacks is not None:
            callbacks.on_test_end(logs)
        return logs

    def _final_logs(self, step_logs):
        """The logs an epoch ends with: the tracked metrics' results, or,
        when the step returns other names (a `compute_metrics` or
        `train_step` override), the last step's logs, as Keras does."""
        results = self.get_metrics_result()
        if step_logs:
            step_logs = _flat_logs(step_logs)
            if set(step_logs) != set(results):
                return step_logs
        return results

    def _ordered_log_names(self, logs):
        """The logged `metrics_names` in their order (`"loss"`, then each
        output's loss), then the compiled metrics: the order of Keras's
        list results."""
        names = [n for n in self.metrics_names if n in logs]
        return names + [n for n in logs if n not in names]

    @_in_distribute_scope
    def predict(self, x, batch_size=None, verbose="auto", steps=None,
                callbacks=None):
        """Returns the model's outputs on `x`, batch by batch, as NumPy
        arrays (in the structure of the outputs).

        Example:

        >>> model = keras.Sequential([keras.layers.Dense(2)])
        >>> model.predict(np.ones((5, 3)), verbose=0).shape
        (5, 2)
        """
        iterator = EpochIterator(
            x=x, batch_size=batch_size, steps_per_epoch=steps,
            shuffle=False, steps_per_execution=self.steps_per_execution,
        )
        self._build_for(iterator)
        callbacks = self._callback_list(
            callbacks, verbose, epochs=1, steps=iterator.num_batches
        )
        predict_function = self.make_predict_function()
        callbacks.on_predict_begin()
        outputs = []
        for step, batches in iterator.enumerate_epoch():
            callbacks.on_predict_batch_begin(step)
            batch_outputs = predict_function(batches)
            outputs.append(tree.map_structure(
                backend.convert_to_numpy, batch_outputs
            ))
            callbacks.on_predict_batch_end(step, {"outputs": batch_outputs})
        # Layers may update state in inference (a counter, a stateful
        # RNN): JAX steps hold it until it is written back here.
        _backend_trainer().sync_state(self, metrics_only=True)
        callbacks.on_predict_end()
        if not outputs:
            raise ValueError(
                "`predict` received no data: the input is empty."
            )
        return tree.map_structure_up_to(
            outputs[0], lambda *xs: np.concatenate(xs), *outputs
        )

    # -- single batches -------------------------------------------------------

    @_in_distribute_scope
    def train_on_batch(self, x, y=None, sample_weight=None,
                       class_weight=None, return_dict=False):
        """Runs one training step on one batch; returns its logs."""
        # The backend's check first: on numpy nothing trains, compiled
        # or not.
        _backend_trainer().check_can_train(self)
        self._check_compiled("train_on_batch")
        if class_weight is not None:
            sample_weight = data_adapter_utils.class_weight_to_sample_weights(
                y, class_weight
            )
        data = self._single_batch(x, y, sample_weight)
        self._build_for_batch(data)
        # The logs are this batch's alone, as in `test_on_batch`.
        self.reset_metrics()
        logs = self.make_train_function()([data])
        _backend_trainer().sync_state(self)
        return self._batch_result(logs, return_dict)

    @_in_distribute_scope
    def test_on_batch(self, x, y=None, sample_weight=None,
                      return_dict=False):
        """Evaluates one batch; returns its logs."""
        self._check_compiled("test_on_batch")
        data = self._single_batch(x, y, sample_weight)
        self._build_for_batch(data)
        self.reset_metrics()
        logs = self.make_test_function()([data])
        _backend_trainer().sync_state(self, metrics_only=True)
        return self._batch_result(logs, return_dict)

    @_in_distribute_scope
    def predict_on_batch(self, x):
        """Returns the predictions on one batch, as NumPy arrays."""
        data = self._single_batch(x, None, None)
        self._build_for_batch(data)
        outputs = self.make_predict_function()([data])
        _backend_trainer().sync_state(self, metrics_only=True)
        return tree.map_structure(backend.convert_to_numpy, outputs)

    def _single_batch(self, x, y, sample_weight):
        # Converted once, here: building and the steps take it as it is.
        return _backend_trainer().convert_batch((x, y, sample_weight))

    def _batch_result(self, logs, return_dict):
        logs = self._numeric_logs(logs)
        if return_dict:
            return logs
        values = [logs[k] for k in self._ordered_log_names(logs)]
        return values[0] if len(values) == 1 else values

    # -- helpers --------------------------------------------------------------

    def _check_compiled(self, method):
        if not self.compiled:
            raise ValueError(
                f"You must call `compile()` before `{method}()` on model "
                f"'{self.name}'."
            )

    def _build_for(self, iterator):
        """Builds the model, its metrics and optimizer on the first batch
        before steps are compiled (compiled steps cannot create state)."""
        if self._fully_built():
            return
        batch = iterator.peek()
        if batch is not None:
            self._build_for_batch(batch)

    def _fully_built(self):
        if not self.built:
            return False
        if not self.compiled:
            return True
        return bool(
            (self._compile_metrics is None or self._compile_metrics.built)
            and (self._compile_loss is None or self._compile_loss.built)
            and (self.optimizer is None or self.optimizer.built)
        )

    def _build_for_batch(self, data):
        if self._fully_built():
            return
        # Building adds variables (metrics, optimizer): state held by
        # compiled JAX steps goes back into the variables it was read
        # from first, while the variable lists still match it.
        _backend_trainer().sync_state(self)
        # `data` comes converted (the backend's batch iterator, or
        # `convert_batch` for single batches).
        x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(
            data
        )
        if overrides.defines_call(self):
            # Run in a stateless scope whose updates are dropped: layers
            # that update state in `call` (BatchNormalization's moving
            # statistics, a stateful RNN, a seed generator) must not move
            # before the first real step. Variables created here get
            # their initial values when the scope closes.
            with StatelessScope():
                y_pred = self(x)
        else:
            # Only its own `train_step` knows how to run it; its
            # variables are those of the sublayers it already holds.
            y_pred = None
            self.built = True
        if not self.compiled:
            return
        if y is not None and y_pred is not None:
            if self._compile_loss is not None:
                self._compile_loss.build(y, y_pred)
            if self._compile_metrics is not None:
                self._compile_metrics.build(y, y_pred)
        if self.optimizer is not None and not self.optimizer.built:
            self.optimizer.build(self.trainable_variables)

    def _callback_list(self, callbacks, verbose, epochs, steps,
                       add_history=False):
        if verbose == "auto":
            verbose = 1
        if isinstance(callbacks, CallbackList):
            return callbacks
        return CallbackList(
            callbacks,
            add_history=add_history,
            add_progbar=verbose != 0,
            model=self,
            verbose=verbose,
            epochs=epochs,
            steps=steps,
        )

    def _numeric_logs(self, logs):
        """Logs as Python floats (what callbacks and `History` keep)."""
        return {
            k: float(backend.convert_to_numpy(v)) if _is_scalar(v) else v
            for k, v in logs.items()
        }


def model_supports_jit(model):
    """Returns whether every layer of `model` supports jit compilation on
    the active backend (`layer.supports_jit[backend]`).

    Example:

    >>> model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    >>> model_supports_jit(model)
    True
    """
    return not jit_resolution.unsupported_layers(model, backend.backend())


def _flat_logs(logs):
    """Logs with nested dicts (a metric whose result is a dict, such as
    `compile_metrics` in `{m.name: m.result() for m in self.metrics}`)
    merged into the top level."""
    flat = {}
    for name, value in logs.items():
        if isinstance(value, dict):
            flat.update(_flat_logs(value))
        else:
            flat[name] = value
    return flat


def _is_scalar(value):
    shape = getattr(value, "shape", None)
    return shape is None or len(shape) == 0 or int(np.prod(shape)) == 1


def _capped_epochs(epochs):
    """`epochs`, at most `keras.config.max_epochs()` (with a warning, as
    Keras)."""
    cap = backend.config.max_epochs()
    if cap is not None and cap < epochs:
        warnings.warn(f"Limiting epochs to {cap}")
        return cap
    return epochs


def _should_validate(epoch, validation_freq):
    if isinstance(validation_freq, int):
        return (epoch + 1) % validation_freq == 0
    return (epoch + 1) in validation_freq

