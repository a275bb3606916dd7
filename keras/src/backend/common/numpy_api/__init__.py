"""Backend code written once against NumPy's API, for the backends whose
array module follows it: `numpy` and `jax.numpy`.

A module here is not imported on its own: it is written against names its
backend binds (`BINDINGS`: `xp`, the array module, the backend's own
`convert_to_tensor`, ...), and a backend module runs it in its own namespace
with `include`, as if the shared text stood there. The functions it defines are
then the backend's functions: their globals are the backend module's, so a
call costs what it cost when each backend held a copy (no extra lookup on
the op-dispatch path), and `__module__` names the backend module, as the
backend consistency test and pickling expect.

What a backend does differently stays in its own module, after the
`include`: its own public functions, and private helpers it rebinds (JAX
compiles the composite ones with `jax.jit`). A backend never redefines a
public function of a shared module (`numpy_api_test.py` checks it), so each
function is written in exactly one place.
"""

import importlib.util

# The names each shared module uses without defining them.
BINDINGS = {
    "elementwise": ("xp", "convert_to_tensor", "promote"),
    "manipulation": ("xp", "convert_to_tensor", "promote"),
    # `as_array`: a reduction's result as an array (NumPy gives scalars);
    # `prod_dtype`: the dtype `prod` computes in when given `dtype` (JAX
    # narrows 64-bit dtypes, upstream's numpy backend keeps them).
    "reductions": ("xp", "convert_to_tensor", "as_array", "prod_dtype"),
}


def include(module, namespace, **bindings):
    """Runs the shared module `module` (a name in this package) in
    `namespace`, a backend module's `globals()`, with `bindings` added to
    it first.

    Example:

    ```python
    include("elementwise", globals(), xp=jnp,
            convert_to_tensor=convert_to_tensor, promote=promote)
    ```
    """
    if module not in BINDINGS:
        raise ValueError(
            f"No shared module `{module}` in `{__name__}`. "
            f"Expected one of {sorted(BINDINGS)}."
        )
    if sorted(bindings) != sorted(BINDINGS[module]):
        raise TypeError(
            f"`include('{module}')` needs exactly the bindings "
            f"{BINDINGS[module]}. Received: {tuple(bindings)}"
        )
    spec = importlib.util.find_spec(f"{__name__}.{module}")
    namespace.update(bindings)
    # The shared module's docstring would replace the backend module's.
    doc = namespace.get("__doc__")
    exec(spec.loader.get_code(spec.name), namespace)
    namespace["__doc__"] = doc
