"""The tensorflow backend's base class of `Layer`: nothing backend-specific."""


class BackendLayer:
    """Mixed into `keras.Layer`; holds no tensorflow-specific behaviour."""

    def _backend_init(self):
        pass

    def _track_backend_variable(self, variable):
        pass

    def _track_backend_attribute(self, name, value):
        pass


# Keras's name for this class on this backend.
TFLayer = BackendLayer
