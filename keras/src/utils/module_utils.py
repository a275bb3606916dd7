"""Optional dependencies, imported on first use.

Rule: Keras never imports an optional package (Pillow, pydot, matplotlib,
pandas, scipy, TensorFlow for the data utilities) when `keras` itself is
imported. Code that needs one goes through a `LazyModule` declared here,
which imports the package the first time an attribute is read and, when
the package is missing, raises an `ImportError` that names the feature and
the `pip install` command. One declaration per package keeps the install
hint in one place.
"""

import importlib


class LazyModule:
    """A module imported the first time one of its attributes is read.

    Args:
        name: the module's import name (`"PIL.Image"`, `"pydot"`).
        pip_name: the distribution to `pip install` (default: the first
            component of `name`).
        import_error_msg: an optional message used instead of the default
            one when the import fails.

    Example:

    >>> from keras.src.utils.module_utils import LazyModule
    >>> json_module = LazyModule("json")
    >>> json_module.available
    True
    >>> json_module.dumps([1])
    '[1]'
    """

    def __init__(self, name, pip_name=None, import_error_msg=None):
        self.name = name
        self.pip_name = pip_name or name.split(".")[0]
        self.import_error_msg = import_error_msg or (
            f"This feature requires the `{name}` module, which is not "
            f"installed. Install it with `pip install {self.pip_name}`."
        )
        self.module = None

    @property
    def available(self):
        """Whether the module can be imported."""
        try:
            self.initialize()
        except ImportError:
            return False
        return True

    def initialize(self):
        """Imports the module (once) and returns it.

        Raises:
            ImportError: naming the package to install when it is absent.
        """
        if self.module is None:
            try:
                self.module = importlib.import_module(self.name)
            except ImportError as e:
                raise ImportError(self.import_error_msg) from e
        return self.module

    def __getattr__(self, name):
        if name.startswith("__") or name == "module":
            raise AttributeError(name)
        return getattr(self.initialize(), name)

    def __repr__(self):
        state = "imported" if self.module is not None else "not imported"
        return f"<LazyModule {self.name!r} ({state})>"


class OrbaxLazyModule(LazyModule):
    """A `LazyModule` for a part of Orbax (`orbax.checkpoint.v1`, say).

    `orbax.checkpoint` itself is imported first: its submodules rely on
    the setup it does on import. When Orbax is missing, the `ImportError`
    names `orbax-checkpoint`.

    Args:
        name: the module's import name.
        pip_name: the distribution to `pip install` (default:
            `"orbax-checkpoint"`).
        import_error_msg: an optional message used instead of the default
            one when the import fails.

    Example:

    >>> from keras.src.utils.module_utils import OrbaxLazyModule
    >>> v1 = OrbaxLazyModule("orbax.checkpoint.v1")
    >>> v1.pip_name
    'orbax-checkpoint'
    """

    def __init__(self, name, pip_name=None, import_error_msg=None):
        super().__init__(
            name, pip_name=pip_name or "orbax-checkpoint",
            import_error_msg=import_error_msg,
        )

    def initialize(self):
        """Imports `orbax.checkpoint`, then the module (once), and returns
        the module.

        Raises:
            ImportError: naming the package to install when it is absent.
        """
        if self.module is None:
            try:
                importlib.import_module("orbax.checkpoint")
            except ImportError as e:
                raise ImportError(self.import_error_msg) from e
        return super().initialize()


tensorflow = LazyModule("tensorflow", pip_name="tensorflow")
scipy = LazyModule("scipy")
h5py = LazyModule("h5py")
pandas = LazyModule("pandas")
pydot = LazyModule(
    "pydot",
    import_error_msg=(
        "You must install pydot (`pip install pydot`) for `plot_model` "
        "and `model_to_dot` to work."
    ),
)
pil_image = LazyModule(
    "PIL.Image",
    pip_name="pillow",
    import_error_msg=(
        "Could not import PIL.Image. The image utilities (`load_img`, "
        "`save_img`, `array_to_img`, `img_to_array`) require Pillow: "
        "`pip install pillow`."
    ),
)
matplotlib = LazyModule(
    "matplotlib",
    import_error_msg=(
        "The plotting functions of `keras.visualization` require "
        "matplotlib: `pip install matplotlib`."
    ),
)
pyplot = LazyModule(
    "matplotlib.pyplot",
    pip_name="matplotlib",
    import_error_msg=matplotlib.import_error_msg,
)
tensorflow_io = LazyModule(
    "tensorflow_io",
    pip_name="tensorflow-io",
    import_error_msg=(
        "This feature (e.g. `sampling_rate` of "
        "`audio_dataset_from_directory`) requires tensorflow-io: "
        "`pip install tensorflow-io`."
    ),
)
gfile = LazyModule("tensorflow.io.gfile", pip_name="tensorflow")
optree = LazyModule("optree")
jax = LazyModule("jax")
dmtree = LazyModule("tree", pip_name="dm-tree")
grain = LazyModule("grain", pip_name="grain")
ocp = LazyModule("orbax.checkpoint", pip_name="orbax-checkpoint")
tf2onnx = LazyModule("tf2onnx")
jax2onnx = LazyModule("jax2onnx")
torch_xla = LazyModule("torch_xla")
litert = LazyModule("ai_edge_litert", pip_name="ai-edge-litert")
