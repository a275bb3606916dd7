"""Orbax checkpoint directories: finding, writing and reading them.

`keras.callbacks.OrbaxCheckpoint` writes a directory of numbered steps,
one sub-directory per save (`<root>/<step>/`), through an Orbax
`CheckpointManager`. Each step holds up to three Orbax items:

- `state`: the variables of the model and of its optimizer, as a tree of
  nested dicts that follows the object paths of the `.weights.h5` format
  (`{"layers": {"dense": {"vars": {"0": kernel, "1": bias}}}, ...}`);
- `model_config`: the model's serialized config (as in `config.json` of a
  `.keras` file), absent with `save_weights_only=True`;
- `assets`: files that objects write with `save_assets` (lookup
  vocabularies), base64-encoded by path, absent when there are none or
  with `save_weights_only=True`.

Rules, and why:

- The variables travel as NumPy arrays on every backend: Orbax writes
  NumPy arrays from any framework, so TensorFlow and PyTorch models need
  no JAX arrays, and a save in the background cannot race with the
  training steps that follow (the arrays are copies).
- Reading walks the model with the same traversal as `.weights.h5`
  (`weights_file.walk`), so a new model with other layer names (`dense_3`
  instead of `dense`) loads a checkpoint of the same architecture, and
  `skip_mismatch` behaves as it does for Keras files.
- Orbax is imported on first use only (`module_utils.ocp`); without it,
  the `ImportError` names `pip install orbax-checkpoint`. Detecting a
  checkpoint directory reads file names only and needs no Orbax.
"""

import base64
import json
import os
import tempfile

import numpy as np

from keras.src import backend
from keras.src.backend.common import global_state
from keras.src.backend.common.variables import initializers_deferred
from keras.src.saving import object_registration
from keras.src.saving import safe_mode as safe_mode_lib
from keras.src.saving import serialization_lib
from keras.src.saving import weights_file
from keras.src.saving.safe_mode import SafeModeScope
from keras.src.utils import module_utils
from keras.src.utils.module_utils import ocp

STATE_ITEM = "state"
CONFIG_ITEM = "model_config"
ASSETS_ITEM = "assets"
# Written by Orbax into every finished step directory.
_STEP_METADATA_FILE = "_CHECKPOINT_METADATA"
# The key under which each object's own variables sit in the state tree.
# Object paths are attribute and class names, never "vars"-indexed
# digits, so the variables ("0", "1", ...) and children cannot collide.
_VARS_KEY = "vars"


def get_distribution():
    """The distribution set with `keras.distribution.set_distribution`, or
    `None`.

    Example:

    >>> from keras.src.saving import orbax_util
    >>> orbax_util.get_distribution() is None
    True
    """
    return global_state.get_global_attribute("distribution")


def is_orbax_checkpoint(filepath):
    """Whether `filepath` is an Orbax checkpoint directory: a step
    directory written by Orbax, or a directory holding such steps.

    Only file names are read (no Orbax needed): a step directory is named
    by its step number and holds Orbax's `_CHECKPOINT_METADATA` file.

    Args:
        filepath: a path (`str` or `pathlib.Path`).

    Returns:
        `True` for an Orbax checkpoint root or step directory.

    Example:

    >>> import tempfile
    >>> from keras.src.saving import orbax_util
    >>> orbax_util.is_orbax_checkpoint(tempfile.mkdtemp())
    False
    """
    filepath = os.fspath(filepath)
    if not os.path.isdir(filepath):
        return False
    if _is_step_dir(filepath):
        return True
    return bool(_finished_steps(filepath))


def find_latest_orbax_checkpoint(checkpoint_dir):
    """The directory of the latest finished step under an Orbax
    checkpoint root.

    Steps still being written (Orbax's temporary directories) are
    ignored. A step directory given directly is returned as is.

    Args:
        checkpoint_dir: the root directory the checkpoints were saved to.

    Returns:
        The path of the step directory with the highest step number.

    Raises:
        ValueError: when the directory holds no finished checkpoint.

    Example:

    >>> import tempfile
    >>> from keras.src.saving import orbax_util
    >>> try:
    ...     orbax_util.find_latest_orbax_checkpoint(tempfile.mkdtemp())
    ... except ValueError:
    ...     print("no checkpoint")
    no checkpoint
    """
    checkpoint_dir = os.fspath(checkpoint_dir)
    if _is_step_dir(checkpoint_dir):
        return checkpoint_dir
    steps = _finished_steps(checkpoint_dir)
    if not steps:
        raise ValueError(
            "No Orbax checkpoint found: expected a directory holding step "
            "directories (`<dir>/<step>/`) written by "
            "`keras.callbacks.OrbaxCheckpoint`. Received: "
            f"checkpoint_dir={checkpoint_dir}"
        )
    return os.path.join(checkpoint_dir, str(max(steps)))


def build_orbax_abstract_pytree(checkpoint_path, ref_state=None):
    """The restore target that makes Orbax place arrays on the current
    distribution layout.

    With the JAX backend and a distribution set, every array of the
    checkpoint's state becomes a `jax.ShapeDtypeStruct` carrying the
    sharding of the matching leaf of `ref_state` (a variable, or an array
    with a `.sharding`), so Orbax reshards on load instead of restoring
    the layout the arrays were saved with. On other backends, or without
    a distribution, there is nothing to reshard and `None` is returned.

    Args:
        checkpoint_path: a step directory (`<root>/<step>`), or a root,
            whose latest step is used.
        ref_state: an optional tree with the structure of the saved state
            whose leaves carry the target shardings. Leaves it lacks get
            `sharding=None` (Orbax then uses the saved layout).

    Returns:
        A tree of `jax.ShapeDtypeStruct` matching the checkpoint's state,
        or `None` when no resharding is needed.

    Example:

    >>> from keras.src.saving import orbax_util
    >>> orbax_util.build_orbax_abstract_pytree("/tmp/ckpt/1") is None
    True
    """
    if backend.backend() != "jax" or get_distribution() is None:
        return None
    jax = module_utils.jax
    step_dir = find_latest_orbax_checkpoint(checkpoint_path)
    metadata = ocp.StandardCheckpointer().metadata(
        os.path.join(os.path.abspath(step_dir), STATE_ITEM)
    )
    tree = getattr(metadata, "item_metadata", metadata)
    tree = getattr(tree, "tree", tree)

    def abstract(leaf_metadata, reference):
        sharding = _sharding_of(reference)
        return jax.ShapeDtypeStruct(
            tuple(leaf_metadata.shape), leaf_metadata.dtype,
            sharding=sharding,
        )

    return _map_with_reference(abstract, tree, ref_state)


# -- writing ------------------------------------------------------------------


def model_state_tree(model):
    """The variables of `model` and its optimizer as a tree of nested
    dicts of NumPy arrays (see the module docstring).

    Args:
        model: a built model.

    Returns:
        A dict tree; objects without variables are left out.
    """
    store = _DictStore()
    weights_file.save_state(model, store)
    return store.to_tree()


def save_args(model, save_weights_only=False):
    """The Orbax `Composite` arguments that save `model` as one step.

    Args:
        model: the model.
        save_weights_only: whether to leave out the config and assets.

    Returns:
        An `ocp.args.Composite`.
    """
    items = {STATE_ITEM: ocp.args.StandardSave(model_state_tree(model))}
    if not save_weights_only:
        config = serialization_lib.serialize_keras_object(model)
        # A JSON round trip turns NumPy values into plain ones.
        config = json.loads(json.dumps(config, default=_json_default))
        items[CONFIG_ITEM] = ocp.args.JsonSave(config)
        assets = _collect_assets(model)
        if assets:
            items[ASSETS_ITEM] = ocp.args.JsonSave(assets)
    return ocp.args.Composite(**items)


# -- reading ------------------------------------------------------------------


def load_weights(model, filepath, skip_mismatch=False):
    """Loads the variables (and optimizer state) of an Orbax checkpoint
    into `model`.

    Args:
        model: a model with the architecture that was saved.
        filepath: a checkpoint root (its latest step is read) or a step
            directory.
        skip_mismatch: whether to skip, with a warning, objects whose
            variables do not match instead of raising.
    """
    items = _restore(filepath, (STATE_ITEM,))
    load_state_tree(model, items[STATE_ITEM], skip_mismatch)


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """Rebuilds the model saved in an Orbax checkpoint, with its variables
    and optimizer state.

    Args:
        filepath: a checkpoint root (its latest step is read) or a step
            directory.
        custom_objects: `{name: class or function}` for custom objects.
        compile: whether to compile the model as it was when saved.
        safe_mode: whether to refuse configs that carry code (lambdas).

    Returns:
        The model.
    """
    items = _restore(filepath, (STATE_ITEM, CONFIG_ITEM, ASSETS_ITEM))
    config = items.get(CONFIG_ITEM)
    if config is None:
        raise ValueError(
            "This Orbax checkpoint holds weights only (it was saved with "
            "`save_weights_only=True`): build the model and call "
            "`model.load_weights(path)` instead of `load_model`. "
            f"Received: filepath={os.fspath(filepath)}"
        )
    config = dict(config)
    if not compile:
        config.pop("compile_config", None)
    safe_mode = safe_mode_lib.effective_safe_mode(safe_mode)
    with initializers_deferred():
        with SafeModeScope(safe_mode):
            with object_registration.CustomObjectScope(custom_objects or {}):
                model = serialization_lib.deserialize_keras_object(
                    config, custom_objects=custom_objects,
                    safe_mode=safe_mode,
                )
        load_state_tree(model, items[STATE_ITEM])
    if items.get(ASSETS_ITEM):
        _load_assets(model, items[ASSETS_ITEM])
    return model


def load_state_tree(model, state, skip_mismatch=False):
    """Assigns a tree made by `model_state_tree` to `model`'s variables.

    Args:
        model: the model.
        state: the tree of arrays.
        skip_mismatch: whether to warn and skip mismatching objects.
    """
    weights_file.load_state(model, _DictStore.from_tree(state), skip_mismatch)


def _restore(filepath, wanted):
    step_dir = os.path.abspath(find_latest_orbax_checkpoint(filepath))
    present = set(os.listdir(step_dir))
    if STATE_ITEM not in present:
        raise ValueError(
            f"The Orbax checkpoint {step_dir} has no `{STATE_ITEM}` item: it "
            "was not written by `keras.callbacks.OrbaxCheckpoint`."
        )
    items = {}
    for name in wanted:
        if name not in present:
            continue
        if name == STATE_ITEM:
            items[name] = _restore_state(os.path.join(step_dir, name))
        else:
            items[name] = ocp.Checkpointer(ocp.JsonCheckpointHandler()).restore(
                os.path.join(step_dir, name)
            )
    return items


def _restore_state(item_dir):
    # Read every array back as NumPy, whatever it was saved from: the
    # variables' `assign` then places it (and shards it) as it should.
    checkpointer = ocp.PyTreeCheckpointer()
    metadata = checkpointer.metadata(item_dir)
    tree = getattr(metadata, "item_metadata", metadata)
    tree = getattr(tree, "tree", tree)
    restore_args = _map_leaves(
        lambda _: ocp.RestoreArgs(restore_type=np.ndarray), tree
    )
    return checkpointer.restore(
        item_dir, args=ocp.args.PyTreeRestore(restore_args=restore_args)
    )


# -- helpers ------------------------------------------------------------------


class _DictStore:
    """A weights store (`make(path)` / `get(path)`, as `weights_file`
    expects) held in memory as `{object path: {"0": array, ...}}`."""

    def __init__(self, entries=None):
        self.entries = entries or {}

    def make(self, path, name=None):
        return self.entries.setdefault(path, {})

    def get(self, path):
        return self.entries.get(path)

    def close(self):
        pass

    def to_tree(self):
        tree = {}
        for path, values in self.entries.items():
            if not values:
                continue
            node = tree
            for part in path.split("/") if path else ():
                node = node.setdefault(part, {})
            node[_VARS_KEY] = {
                key: _to_numpy(value) for key, value in values.items()
            }
        return tree

    @classmethod
    def from_tree(cls, tree):
        entries = {}

        def visit(node, path):
            for key, value in node.items():
                if key == _VARS_KEY and _holds_arrays(value):
                    entries[path] = _Entry(
                        (k, np.asarray(v)) for k, v in value.items()
                    )
                elif isinstance(value, dict):
                    visit(value, f"{path}/{key}" if path else key)

        visit(tree, "")
        return cls(entries)


class _Entry(dict):
    """One object's variables, `{"0": array, ...}`, shaped like the
    entries of the `.weights.h5` stores: `weights_file` checks shapes
    through their `_groups` (the groups an entry spans)."""

    @property
    def _groups(self):
        return (self,)


def _holds_arrays(node):
    return isinstance(node, dict) and all(
        not isinstance(value, dict) for value in node.values()
    )


def _to_numpy(value):
    # Always a copy: on torch the array `save_own_variables` gives shares
    # the variable's memory, which the next training step overwrites in
    # place, possibly while a background save is still writing it.
    return np.array(backend.convert_to_numpy(value), copy=True)


def _is_step_dir(path):
    name = os.path.basename(os.path.normpath(path))
    return name.isdigit() and os.path.isfile(
        os.path.join(path, _STEP_METADATA_FILE)
    )


def _finished_steps(root):
    try:
        names = os.listdir(root)
    except OSError:
        return []
    return [
        int(name) for name in names
        if _is_step_dir(os.path.join(root, name))
    ]


def _map_leaves(fn, tree):
    if isinstance(tree, dict):
        return {key: _map_leaves(fn, value) for key, value in tree.items()}
    if isinstance(tree, (list, tuple)):
        return type(tree)(_map_leaves(fn, value) for value in tree)
    return fn(tree)


def _map_with_reference(fn, tree, reference):
    if isinstance(tree, dict):
        return {
            key: _map_with_reference(fn, value, _child(reference, key))
            for key, value in tree.items()
        }
    if isinstance(tree, (list, tuple)):
        return type(tree)(
            _map_with_reference(fn, value, _child(reference, index))
            for index, value in enumerate(tree)
        )
    return fn(tree, reference)


def _child(reference, key):
    if isinstance(reference, dict):
        return reference.get(key)
    if isinstance(reference, (list, tuple)) and isinstance(key, int):
        return reference[key] if key < len(reference) else None
    return None


def _sharding_of(reference):
    if reference is None:
        return None
    value = getattr(reference, "value", reference)
    return getattr(value, "sharding", None)


def _json_default(value):
    if isinstance(value, (np.ndarray, np.generic)):
        return value.tolist()
    raise TypeError(
        f"The model's config holds {value!r} (type {type(value).__name__}), "
        "which cannot be written as JSON. Return plain Python values from "
        "`get_config()`."
    )


def _collect_assets(model):
    """`{path: base64 text}` of the files objects write with
    `save_assets`."""
    assets = {}
    with tempfile.TemporaryDirectory() as root:
        for path, obj in weights_file.walk(model):
            if hasattr(obj, "save_assets"):
                folder = os.path.join(root, path)
                os.makedirs(folder, exist_ok=True)
                obj.save_assets(folder)
        for dirpath, _, filenames in os.walk(root):
            for filename in filenames:
                full = os.path.join(dirpath, filename)
                name = os.path.relpath(full, root).replace(os.sep, "/")
                with open(full, "rb") as f:
                    assets[name] = base64.b64encode(f.read()).decode("ascii")
    return assets


def _load_assets(model, assets):
    with tempfile.TemporaryDirectory() as root:
        for name, data in assets.items():
            parts = name.split("/")
            if any(part in ("", ".", "..") for part in parts):
                raise ValueError(
                    f"Refusing the asset path {name!r} of an Orbax "
                    "checkpoint: it leaves the assets folder."
                )
            target = os.path.join(root, *parts)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as f:
                f.write(base64.b64decode(data))
        for path, obj in weights_file.walk(model):
            folder = os.path.join(root, path)
            if hasattr(obj, "load_assets") and os.path.isdir(folder):
                obj.load_assets(folder)
