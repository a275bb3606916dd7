"""`keras.callbacks.RemoteMonitor`: posts each epoch's logs to a server.

Needs the optional `requests` package.
"""

import json
import warnings

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.callbacks.optional_import import import_optional


@keras_export("keras.callbacks.RemoteMonitor")
class RemoteMonitor(Callback):
    """Sends each epoch's logs to a server with an HTTP POST.

    The payload is a JSON object with the epoch index (`"epoch"`) and the
    logs. By default it is sent form-encoded, as the value of the form
    field `field`; with `send_as_json=True` it is the request's JSON body.
    A server that cannot be reached gives a warning, not an error. Needs
    the `requests` package.

    Args:
        root: the server's root URL.
        path: the path, relative to `root`, that receives the events.
        field: the form field holding the JSON payload.
        headers: a dict of extra HTTP headers.
        send_as_json: whether to send the payload as a JSON body.

    Example:

    >>> monitor = keras.callbacks.RemoteMonitor(
    ...     root="http://localhost:9000", send_as_json=True)
    >>> monitor.root + monitor.path
    'http://localhost:9000/publish/epoch/end/'
    """

    def __init__(
        self,
        root="http://localhost:9000",
        path="/publish/epoch/end/",
        field="data",
        headers=None,
        send_as_json=False,
    ):
        super().__init__()
        self.root = root
        self.path = path
        self.field = field
        self.headers = headers
        self.send_as_json = send_as_json

    def on_train_begin(self, logs=None):
        """Checks that `requests` is installed before training starts.

        Args:
            logs: unused.
        """
        _requests()

    def on_epoch_end(self, epoch, logs=None):
        """Posts the epoch's logs.

        Args:
            epoch: the epoch index.
            logs: the epoch's metric values.
        """
        requests = _requests()
        payload = {"epoch": epoch}
        for name, value in (logs or {}).items():
            payload[name] = _jsonable(value)
        url = self.root + self.path
        try:
            if self.send_as_json:
                requests.post(url, json=payload, headers=self.headers)
            else:
                requests.post(
                    url,
                    data={self.field: json.dumps(payload)},
                    headers=self.headers,
                )
        except requests.exceptions.RequestException as error:
            warnings.warn(
                "RemoteMonitor could not reach the server at "
                f"{self.root}: {error}",
                stacklevel=2,
            )


def _requests():
    return import_optional("requests", "requests", "RemoteMonitor")


def _jsonable(value):
    """A log value as a JSON-serializable Python object."""
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    if backend.is_tensor(value) or isinstance(value, (np.ndarray, np.generic)):
        return np.asarray(backend.convert_to_numpy(value)).tolist()
    return value
