import importlib.util
import os
import struct
import warnings
import zlib
from unittest import mock

import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.callbacks import optional_import
from keras.src.callbacks import tensorboard_events
from keras.src.callbacks.tensorboard import TensorBoard
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit

HAS_TENSORBOARD = importlib.util.find_spec("tensorboard") is not None


def _load(directory):
    """The summaries of the event files in `directory`, as
    {tag: [(step, value)]}: scalars as floats, histograms and images as
    their protocol buffers. Reading checks every record's checksums."""
    from tensorboard.compat.proto import event_pb2

    found = {}
    for name in sorted(os.listdir(directory)):
        for payload in _records(os.path.join(directory, name))[1:]:
            event = event_pb2.Event.FromString(payload)
            for value in event.summary.value:
                kind = value.WhichOneof("value")
                if kind == "simple_value":
                    data = round(value.simple_value, 5)
                else:
                    data = getattr(value, kind)
                found.setdefault(value.tag, []).append((event.step, data))
    return found


def _records(path):
    """The payloads of a TFRecord file, checking both checksums."""
    with open(path, "rb") as file:
        data = file.read()
    payloads, offset = [], 0
    masked = tensorboard_events.masked_crc32c
    while offset < len(data):
        header = data[offset : offset + 8]
        (length,) = struct.unpack("<Q", header)
        (header_crc,) = struct.unpack("<I", data[offset + 8 : offset + 12])
        assert header_crc == masked(header)
        payload = data[offset + 12 : offset + 12 + length]
        end = offset + 12 + length
        (payload_crc,) = struct.unpack("<I", data[end : end + 4])
        assert payload_crc == masked(payload)
        payloads.append(payload)
        offset = end + 4
    return payloads


class _Model(FakeModel):
    def __init__(self):
        super().__init__()
        self.weights = [
            backend.Variable(np.arange(12.0).reshape(3, 4), name="kernel"),
            backend.Variable(np.zeros(4), name="bias"),
        ]


class EventFileTest(testing.TestCase):
    def test_crc32c_known_values(self):
        self.assertEqual(tensorboard_events.crc32c(b""), 0)
        self.assertEqual(tensorboard_events.crc32c(b"123456789"), 0xE3069283)
        self.assertEqual(
            tensorboard_events.crc32c(bytes(32)), 0x8A9136AA
        )

    def test_png_encoding(self):
        pixels = np.array([[0, 128], [255, 7]], dtype=np.uint8)[:, :, None]
        data = tensorboard_events.encode_png(pixels)
        self.assertEqual(data[:8], b"\x89PNG\r\n\x1a\n")
        # IHDR: width 2, height 2, 8 bits, greyscale.
        self.assertEqual(data[16:26], struct.pack(">IIBB", 2, 2, 8, 0))
        idat_length = struct.unpack(">I", data[33:37])[0]
        rows = zlib.decompress(data[41 : 41 + idat_length])
        self.assertEqual(rows, bytes([0, 0, 128, 0, 255, 7]))
        with self.assertRaisesRegex(ValueError, "Received: 5"):
            tensorboard_events.encode_png(np.zeros((1, 1, 5), np.uint8))

    def test_histogram_proto(self):
        if not HAS_TENSORBOARD:
            self.skipTest("tensorboard is not installed")
        from tensorboard.compat.proto import summary_pb2

        values = np.array([0.0, 1.0, 1.0, 3.0, np.nan])
        proto = tensorboard_events.histogram_proto(summary_pb2, values)
        self.assertEqual((proto.min, proto.max, proto.num), (0.0, 3.0, 4.0))
        self.assertEqual((proto.sum, proto.sum_squares), (5.0, 11.0))
        counts, edges = np.histogram(values[:4], bins=30)
        self.assertAllClose(proto.bucket, counts)
        self.assertAllClose(proto.bucket_limit, edges[1:])
        constant = tensorboard_events.histogram_proto(summary_pb2, [2, 2])
        self.assertEqual(list(constant.bucket), [2.0])

    def test_records_are_framed_and_checksummed(self):
        if not HAS_TENSORBOARD:
            self.skipTest("tensorboard is not installed")
        from tensorboard.compat.proto import event_pb2

        writer = tensorboard_events.EventFileWriter(self.get_temp_dir())
        writer.scalar("loss", 0.5, 3)
        writer.close()
        first, second = _records(writer.path)
        self.assertEqual(
            event_pb2.Event.FromString(first).file_version, "brain.Event:2"
        )
        event = event_pb2.Event.FromString(second)
        self.assertEqual(event.step, 3)
        self.assertEqual(event.summary.value[0].tag, "loss")
        self.assertEqual(event.summary.value[0].simple_value, 0.5)


class TensorBoardTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        if not HAS_TENSORBOARD:
            self.skipTest("tensorboard is not installed")

    def test_epoch_scalars_for_train_and_validation(self):
        log_dir = self.get_temp_dir()
        logs = [
            {"loss": backend.convert_to_tensor(1.0), "val_loss": 2.0},
            {"loss": 0.5, "val_loss": 1.5, "learning_rate": 0.05},
        ]
        run_fit(FakeModel(), [TensorBoard(log_dir)], logs, steps=3)
        self.assertEqual(
            sorted(os.listdir(log_dir)), ["train", "validation"]
        )
        train = _load(os.path.join(log_dir, "train"))
        self.assertEqual(train["epoch_loss"], [(0, 1.0), (1, 0.5)])
        self.assertEqual(
            train["epoch_learning_rate"], [(0, 0.1), (1, 0.05)]
        )
        self.assertNotIn("batch_loss", train)
        validation = _load(os.path.join(log_dir, "validation"))
        self.assertEqual(validation["epoch_loss"], [(0, 2.0), (1, 1.5)])

    def test_batch_scalars_and_steps_per_second(self):
        log_dir = self.get_temp_dir()
        callback = TensorBoard(
            log_dir, update_freq=2, write_steps_per_second=True
        )
        run_fit(
            FakeModel(),
            [callback],
            [{"loss": 1.0}] * 2,
            steps=3,
            batch_loss=lambda epoch, batch: epoch * 3 + batch,
        )
        train = _load(os.path.join(log_dir, "train"))
        # Global batches 2, 4 and 6 (losses 1, 3, 5).
        self.assertEqual(train["batch_loss"], [(2, 1.0), (4, 3.0), (6, 5.0)])
        self.assertEqual(
            [step for step, _ in train["batch_steps_per_second"]], [2, 4, 6]
        )
        self.assertLen(train["epoch_steps_per_second"], 2)
        self.assertEqual(TensorBoard(update_freq="batch").update_freq, 1)

    def test_weight_histograms_and_images(self):
        log_dir = self.get_temp_dir()
        callback = TensorBoard(log_dir, histogram_freq=2, write_images=True)
        model = _Model()
        run_fit(model, [callback], [{"loss": 1.0}] * 3, steps=1)
        train = _load(os.path.join(log_dir, "train"))
        histograms = train["kernel/histogram"]
        self.assertEqual([step for step, _ in histograms], [0, 2])
        self.assertEqual(histograms[0][1].num, 12)
        self.assertEqual(histograms[0][1].max, 11.0)
        (step, image), _ = train["kernel/image"]
        self.assertEqual((step, image.width, image.height), (0, 4, 3))
        self.assertIn("bias/histogram", train)

    def test_evaluation_against_optimizer_steps(self):
        log_dir = self.get_temp_dir()
        callback = TensorBoard(log_dir)
        model = FakeModel()
        model.optimizer.iterations = 40
        callback.set_model(model)
        callback.on_test_begin()
        callback.on_test_batch_begin(0)
        callback.on_test_end({"loss": 0.25, "name": "skipped"})
        callback.on_train_end()
        validation = _load(os.path.join(log_dir, "validation"))
        self.assertEqual(
            validation, {"evaluation_loss_vs_iterations": [(40, 0.25)]}
        )

    def test_custom_summaries(self):
        log_dir = self.get_temp_dir()
        callback = TensorBoard(log_dir)
        callback.set_model(FakeModel())
        callback.summary.scalar("custom", backend.convert_to_tensor(2.0), 5)
        callback.summary.histogram("values", np.arange(4.0), 1)
        callback.summary.image(
            "picture", np.zeros((2, 3, 3), np.uint8), 1, writer="validation"
        )
        with self.assertRaisesRegex(ValueError, "writer='test'"):
            callback.summary.scalar("x", 1.0, 0, writer="test")
        callback.on_train_end()
        train = _load(os.path.join(log_dir, "train"))
        self.assertEqual(train["custom"], [(5, 2.0)])
        self.assertEqual(train["values"][0][1].num, 4)
        validation = _load(os.path.join(log_dir, "validation"))
        self.assertEqual(validation["picture"][0][1].width, 3)

    def test_invalid_and_unsupported_arguments(self):
        with self.assertRaisesRegex(ValueError, "update_freq='often'"):
            TensorBoard(update_freq="often")
        with self.assertRaisesRegex(ValueError, "update_freq=0"):
            TensorBoard(update_freq=0)
        with self.assertRaisesRegex(ValueError, "histogram_freq=-1"):
            TensorBoard(histogram_freq=-1)
        with self.assertWarnsRegex(UserWarning, "profile_batch"):
            TensorBoard(profile_batch=(2, 4))
        with self.assertWarnsRegex(UserWarning, "embeddings_freq"):
            TensorBoard(embeddings_freq=1)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            TensorBoard(profile_batch=0)


class MissingTensorBoardTest(testing.TestCase):
    def test_error_names_the_package(self):
        callback = TensorBoard(self.get_temp_dir())
        with mock.patch.object(
            optional_import.importlib.util, "find_spec", return_value=None
        ):
            with self.assertRaisesRegex(ImportError, "`tensorboard` package"):
                callback.set_model(FakeModel())
