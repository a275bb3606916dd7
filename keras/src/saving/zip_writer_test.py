import io
import zipfile
import zlib

import h5py
import numpy as np

from keras.src import testing
from keras.src.saving import zip_writer


def write_archive():
    raw = io.BytesIO()
    writer = zip_writer.ZipWriter(raw)
    writer.write_bytes("config.json", b'{"a": 1}')

    def write(target):
        with h5py.File(target, "w") as f:
            f.create_dataset("x", data=np.arange(1000, dtype="float32"))
            f.create_dataset("y", data=np.ones((20, 30)))

    writer.write_member("model.weights.h5", write)
    writer.close()
    raw.seek(0)
    return raw


class ZipWriterTest(testing.TestCase):
    def check(self, raw):
        with zipfile.ZipFile(raw) as archive:
            self.assertIsNone(archive.testzip())
            self.assertEqual(archive.namelist(),
                             ["config.json", "model.weights.h5"])
            self.assertEqual(archive.read("config.json"), b'{"a": 1}')
            data = io.BytesIO(archive.read("model.weights.h5"))
        with h5py.File(data, "r") as f:
            self.assertAllClose(f["x"][()], np.arange(1000))
            self.assertEqual(f["y"].shape, (20, 30))

    def test_archive_reads_back(self):
        self.check(write_archive())

    def test_zip64_records(self):
        original = zip_writer.ZIP64_LIMIT
        zip_writer.ZIP64_LIMIT = 0  # As if the archive passed 4 GiB.
        try:
            raw = write_archive()
        finally:
            zip_writer.ZIP64_LIMIT = original
        self.assertIn(b"PK\x06\x06", raw.getvalue())
        self.check(raw)


class CrcTest(testing.TestCase):
    def test_crc32_combine_matches_zlib(self):
        rng = np.random.default_rng(0)
        for n1, n2 in [(0, 0), (1, 0), (0, 5), (7, 13), (1000, 70000)]:
            a = rng.bytes(n1)
            b = rng.bytes(n2)
            self.assertEqual(
                zip_writer.crc32_combine(zlib.crc32(a), zlib.crc32(b), n2),
                zlib.crc32(a + b),
            )

    def test_overwritten_large_write_is_read_back(self):
        raw = io.BytesIO()
        writer = zip_writer.ZipWriter(raw)

        def write(target):
            big = b"a" * (2 * zip_writer._TRACKED_WRITE)
            target.write(big)
            target.write(big)
            target.seek(10)
            target.write(b"changed")  # Voids the first write's CRC.

        writer.write_member("data.bin", write)
        writer.close()
        with zipfile.ZipFile(raw) as archive:
            self.assertIsNone(archive.testzip())
            data = archive.read("data.bin")
        self.assertEqual(data[10:17], b"changed")
        self.assertEqual(len(data), 4 * zip_writer._TRACKED_WRITE)
