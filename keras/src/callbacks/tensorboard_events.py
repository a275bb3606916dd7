"""Writing TensorBoard event files without TensorFlow. Not public.

An event file is a sequence of records, each a serialized `Event` protocol
buffer framed as TFRecord: the payload's length (8 bytes, little-endian),
a masked CRC-32C of those 8 bytes, the payload, and a masked CRC-32C of
the payload. The `Event`, `Summary` and `HistogramProto` messages come
from the `tensorboard` package (`tensorboard.compat.proto`), which needs
only `protobuf`; its own writer is not used because importing it imports
TensorFlow when TensorFlow is installed (seconds, and a second framework
in the process).
"""

import itertools
import os
import socket
import struct
import threading
import time
import zlib

import numpy as np

from keras.src.callbacks.optional_import import import_optional

_CRC32C_POLYNOMIAL = 0x82F63B78  # Castagnoli, bit-reversed.
_MASK_DELTA = 0xA282EAD8
_HISTOGRAM_BUCKETS = 30
_file_ids = itertools.count()
_file_ids_lock = threading.Lock()


def _crc32c_table():
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ (_CRC32C_POLYNOMIAL if crc & 1 else 0)
        table.append(crc)
    return table


_CRC32C_TABLE = _crc32c_table()


def crc32c(data):
    """The CRC-32C (Castagnoli) checksum of `data` (bytes)."""
    crc = 0xFFFFFFFF
    table = _CRC32C_TABLE
    for byte in data:
        crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc32c(data):
    """The checksum TFRecord stores: a rotated, offset CRC-32C."""
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF


def frame_record(payload):
    """`payload` (bytes) framed as one TFRecord."""
    header = struct.pack("<Q", len(payload))
    return (
        header
        + struct.pack("<I", masked_crc32c(header))
        + payload
        + struct.pack("<I", masked_crc32c(payload))
    )


def _protos():
    event_pb2 = import_optional(
        "tensorboard.compat.proto.event_pb2", "tensorboard", "TensorBoard"
    )
    summary_pb2 = import_optional(
        "tensorboard.compat.proto.summary_pb2", "tensorboard", "TensorBoard"
    )
    return event_pb2, summary_pb2


class EventFileWriter:
    """Appends summaries to a new event file in `log_dir`.

    Args:
        log_dir: the directory (created if missing).
    """

    def __init__(self, log_dir):
        self._event_pb2, self._summary_pb2 = _protos()
        os.makedirs(log_dir, exist_ok=True)
        with _file_ids_lock:
            file_id = next(_file_ids)
        name = (
            f"events.out.tfevents.{int(time.time())}."
            f"{socket.gethostname()}.{os.getpid()}.{file_id}.v2"
        )
        self.path = os.path.join(log_dir, name)
        self._file = open(self.path, "ab")
        event = self._event_pb2.Event(
            wall_time=time.time(), file_version="brain.Event:2"
        )
        self._write(event)

    def scalar(self, tag, value, step):
        """Writes a scalar.

        Args:
            tag: the series' name.
            value: a number.
            step: the x-axis position (an integer).
        """
        value = self._summary_pb2.Summary.Value(
            tag=tag, simple_value=float(value)
        )
        self._write_summary(value, step)

    def histogram(self, tag, values, step):
        """Writes a histogram of `values` (any shape) in 30 buckets.

        Args:
            tag: the series' name.
            values: a NumPy array.
            step: the x-axis position.
        """
        proto = histogram_proto(self._summary_pb2, values)
        value = self._summary_pb2.Summary.Value(tag=tag, histo=proto)
        self._write_summary(value, step)

    def image(self, tag, pixels, step):
        """Writes an image.

        Args:
            tag: the series' name.
            pixels: a `uint8` array of shape `(height, width)` (grey) or
                `(height, width, channels)` with 1, 3 or 4 channels.
            step: the x-axis position.
        """
        pixels = np.asarray(pixels, dtype=np.uint8)
        if pixels.ndim == 2:
            pixels = pixels[:, :, None]
        image = self._summary_pb2.Summary.Image(
            height=pixels.shape[0],
            width=pixels.shape[1],
            colorspace=pixels.shape[2],
            encoded_image_string=encode_png(pixels),
        )
        value = self._summary_pb2.Summary.Value(tag=tag, image=image)
        self._write_summary(value, step)

    def flush(self):
        """Flushes the file."""
        self._file.flush()

    def close(self):
        """Closes the file."""
        self._file.close()

    def _write_summary(self, value, step):
        event = self._event_pb2.Event(
            wall_time=time.time(),
            step=int(step),
            summary=self._summary_pb2.Summary(value=[value]),
        )
        self._write(event)

    def _write(self, event):
        self._file.write(frame_record(event.SerializeToString()))


def histogram_proto(summary_pb2, values):
    """A `HistogramProto` of `values` with equal-width buckets."""
    values = np.asarray(values, dtype=np.float64).ravel()
    values = values[np.isfinite(values)]
    proto = summary_pb2.HistogramProto()
    if values.size == 0:
        return proto
    low, high = float(values.min()), float(values.max())
    if low == high:
        # One bucket holds all: TensorBoard draws it around the value.
        counts, edges = np.array([values.size]), np.array([low, high])
    else:
        counts, edges = np.histogram(values, bins=_HISTOGRAM_BUCKETS)
    proto.min = low
    proto.max = high
    proto.num = float(values.size)
    proto.sum = float(values.sum())
    proto.sum_squares = float(np.dot(values, values))
    proto.bucket_limit.extend(float(edge) for edge in edges[1:])
    proto.bucket.extend(float(count) for count in counts)
    return proto


def encode_png(pixels):
    """Encodes a `uint8` array `(height, width, channels)` as PNG bytes.

    Channels: 1 (grey), 3 (RGB) or 4 (RGBA), 8 bits each.
    """
    height, width, channels = pixels.shape
    color_types = {1: 0, 2: 4, 3: 2, 4: 6}
    if channels not in color_types:
        raise ValueError(
            f"A PNG image has 1 to 4 channels. Received: {channels}"
        )
    # Each row starts with filter type 0 (none).
    rows = np.concatenate(
        [np.zeros((height, 1), np.uint8), pixels.reshape(height, -1)], axis=1
    )
    header = struct.pack(
        ">IIBBBBB", width, height, 8, color_types[channels], 0, 0, 0
    )
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            _png_chunk(b"IHDR", header),
            _png_chunk(b"IDAT", zlib.compress(rows.tobytes())),
            _png_chunk(b"IEND", b""),
        ]
    )


def _png_chunk(kind, data):
    checksum = zlib.crc32(kind + data) & 0xFFFFFFFF
    return (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", checksum)
    )
