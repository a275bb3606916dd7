import http.server
import json
import os
import threading
import urllib.parse
from unittest import mock

from keras.src import backend
from keras.src import testing
from keras.src.callbacks import optional_import
from keras.src.callbacks.remote_monitor import RemoteMonitor
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit

try:
    import requests

    HAS_REQUESTS = True
except ImportError:
    HAS_REQUESTS = False


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers["Content-Length"])
        self.server.received.append(
            (
                self.path,
                self.headers.get("Content-Type"),
                self.headers.get("X-Run"),
                self.rfile.read(length).decode(),
            )
        )
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


class RemoteMonitorTest(testing.TestCase):
    def _serve(self):
        # A proxy set in the environment must not intercept loopback posts.
        patcher = mock.patch.dict(
            os.environ, {"NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"}
        )
        patcher.start()
        self.addCleanup(patcher.stop)
        server = http.server.HTTPServer(("127.0.0.1", 0), _Handler)
        server.received = []
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        return server, f"http://127.0.0.1:{server.server_port}"

    def test_posts_form_encoded_logs(self):
        if not HAS_REQUESTS:
            self.skipTest("requests is not installed")
        server, root = self._serve()
        monitor = RemoteMonitor(root=root, headers={"X-Run": "7"})
        logs = [{"loss": backend.convert_to_tensor(0.5)}, {"loss": 0.25}]
        run_fit(FakeModel(), [monitor], logs)
        self.assertLen(server.received, 2)
        path, content_type, run, body = server.received[1]
        self.assertEqual(path, "/publish/epoch/end/")
        self.assertEqual(content_type, "application/x-www-form-urlencoded")
        self.assertEqual(run, "7")
        form = urllib.parse.parse_qs(body)
        self.assertEqual(
            json.loads(form["data"][0]), {"epoch": 1, "loss": 0.25}
        )
        first = urllib.parse.parse_qs(server.received[0][3])
        self.assertEqual(json.loads(first["data"][0])["loss"], 0.5)

    def test_posts_json(self):
        if not HAS_REQUESTS:
            self.skipTest("requests is not installed")
        server, root = self._serve()
        monitor = RemoteMonitor(root=root, path="/p", send_as_json=True)
        run_fit(FakeModel(), [monitor], [{"loss": 0.5, "note": "ok"}])
        path, content_type, _, body = server.received[0]
        self.assertEqual(path, "/p")
        self.assertEqual(content_type, "application/json")
        self.assertEqual(
            json.loads(body), {"epoch": 0, "loss": 0.5, "note": "ok"}
        )

    def test_unreachable_server_warns(self):
        if not HAS_REQUESTS:
            self.skipTest("requests is not installed")
        refused = requests.exceptions.ConnectionError("refused")
        monitor = RemoteMonitor(root="http://127.0.0.1:9")
        with mock.patch.object(requests, "post", side_effect=refused):
            with self.assertWarnsRegex(UserWarning, "could not reach"):
                monitor.on_epoch_end(0, {"loss": 1.0})

    def test_missing_requests_names_the_package(self):
        with mock.patch.object(
            optional_import.importlib.util, "find_spec", return_value=None
        ):
            with self.assertRaisesRegex(ImportError, "`requests` package"):
                RemoteMonitor().on_train_begin()
