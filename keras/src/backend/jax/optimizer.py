"""`JaxOptimizer`, Keras's name for the optimizer base class on JAX.

The update logic is backend-neutral (`keras/src/optimizers/
base_optimizer.py`), so the JAX base class is that class itself:
`isinstance(optimizer, JaxOptimizer)` holds for every Keras optimizer.
"""


def __getattr__(name):
    # Imported on first use: the optimizers package imports the backend.
    if name == "JaxOptimizer":
        from keras.src.optimizers.base_optimizer import Optimizer

        return Optimizer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
