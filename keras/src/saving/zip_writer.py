"""A minimal zip writer whose members HDF5 can write in place.

`zipfile` streams a member's bytes in order, but HDF5 seeks back and forth
while it writes a file. Writing `model.weights.h5` to a temporary file and
copying it into the archive costs a second full write of the model (the
largest part of a save), so this writer hands h5py a seekable window of
the archive itself (`member_file`): the weights are written once, then
read back once for the CRC-32 that the zip format needs.

Members are stored uncompressed. The member written in place always
carries ZIP64 sizes (they are unknown when its header is written), and
the archive ends with ZIP64 records when it grows past 4 GiB. Any zip
reader (Python's `zipfile`, upstream Keras) reads the result.
"""

import io
import struct
import time
import zlib

_LOCAL = struct.Struct("<4sHHHHHIIIHH")
_CENTRAL = struct.Struct("<4sHHHHHHIIIHHHHHII")
_END = struct.Struct("<4sHHHHIIH")
_END64 = struct.Struct("<4sQHHIIQQQQ")
_LOCATOR64 = struct.Struct("<4sIQI")
_MAX32 = 0xFFFFFFFF
# Sizes and offsets from this one on need ZIP64 records (a module
# constant so that tests can force them on small archives).
ZIP64_LIMIT = _MAX32
_UNIX_FILE = 0o100600 << 16
_VERSION = 45  # 4.5: ZIP64.
_CHUNK = 64 * 2**20


class ZipWriter:
    """Writes a zip archive of stored members to the binary file `raw`
    (open for reading and writing, positioned at 0).

    Example:

    >>> import io, zipfile
    >>> raw = io.BytesIO()
    >>> writer = ZipWriter(raw)
    >>> writer.write_bytes("a.txt", b"hello")
    >>> writer.close()
    >>> zipfile.ZipFile(raw).read("a.txt")
    b'hello'
    """

    def __init__(self, raw):
        self.raw = raw
        self.entries = []
        t = time.localtime()
        self._dos_time = (t.tm_hour << 11) | (t.tm_min << 5) | (t.tm_sec // 2)
        self._dos_date = ((t.tm_year - 1980) << 9) | (t.tm_mon << 5) | t.tm_mday

    def write_bytes(self, name, data):
        """Adds the member `name` holding `data`."""
        offset = self.raw.tell()
        crc = zlib.crc32(data)
        encoded = name.encode("utf-8")
        self.raw.write(_LOCAL.pack(
            b"PK\x03\x04", 20, 0, 0, self._dos_time, self._dos_date, crc,
            len(data), len(data), len(encoded), 0,
        ))
        self.raw.write(encoded)
        self.raw.write(data)
        self.entries.append((encoded, offset, crc, len(data)))

    def write_member(self, name, write):
        """Adds the member `name`, written by `write(file)` where `file`
        is a seekable, writable window of the archive (for h5py)."""
        offset = self.raw.tell()
        encoded = name.encode("utf-8")
        extra = struct.pack("<HHQQ", 1, 16, 0, 0)
        header = _LOCAL.pack(
            b"PK\x03\x04", _VERSION, 0, 0, self._dos_time, self._dos_date,
            0, _MAX32, _MAX32, len(encoded), len(extra),
        )
        self.raw.write(header + encoded + extra)
        start = self.raw.tell()
        window = MemberFile(self.raw, start)
        write(window)
        size = window.size
        crc = self._crc(start, size)
        # Patch the sizes (in the ZIP64 extra) and the CRC in place.
        self.raw.seek(offset + 14)
        self.raw.write(struct.pack("<I", crc))
        self.raw.seek(offset + _LOCAL.size + len(encoded) + 4)
        self.raw.write(struct.pack("<QQ", size, size))
        self.raw.seek(start + size)
        self.entries.append((encoded, offset, crc, size))

    def _crc(self, start, size):
        self.raw.seek(start)
        crc = 0
        remaining = size
        buffer = bytearray(min(_CHUNK, max(size, 1)))
        view = memoryview(buffer)
        while remaining:
            count = self.raw.readinto(view[: min(_CHUNK, remaining)])
            if not count:
                raise IOError("The archive ended before its last member.")
            crc = zlib.crc32(view[:count], crc)
            remaining -= count
        return crc

    def close(self):
        """Writes the central directory (the archive is then complete)."""
        directory_start = self.raw.tell()
        for encoded, offset, crc, size in self.entries:
            zip64 = size >= ZIP64_LIMIT or offset >= ZIP64_LIMIT
            extra = b""
            fields = (size, size, offset)
            if zip64:
                extra = struct.pack("<HHQQQ", 1, 24, *fields)
                fields = (_MAX32, _MAX32, _MAX32)
            self.raw.write(_CENTRAL.pack(
                b"PK\x01\x02", (3 << 8) | _VERSION,
                _VERSION if zip64 else 20, 0, 0, self._dos_time,
                self._dos_date, crc, fields[0], fields[1], len(encoded),
                len(extra), 0, 0, 0, _UNIX_FILE, fields[2],
            ))
            self.raw.write(encoded + extra)
        directory_end = self.raw.tell()
        directory_size = directory_end - directory_start
        count = len(self.entries)
        if directory_start >= ZIP64_LIMIT or directory_size >= ZIP64_LIMIT:
            self.raw.write(_END64.pack(
                b"PK\x06\x06", 44, (3 << 8) | _VERSION, _VERSION, 0, 0,
                count, count, directory_size, directory_start,
            ))
            self.raw.write(_LOCATOR64.pack(b"PK\x06\x07", 0, directory_end,
                                           1))
            directory_size = min(directory_size, _MAX32)
            directory_start = _MAX32
        self.raw.write(_END.pack(
            b"PK\x05\x06", 0, 0, count, count, directory_size,
            directory_start, 0,
        ))
        self.raw.flush()


class MemberFile(io.RawIOBase):
    """A seekable, readable and writable window of `raw` from `start` on
    (its end grows with writes), for h5py's file-object driver."""

    def __init__(self, raw, start):
        super().__init__()
        self._raw = raw
        self._start = start
        self._pos = 0
        self.size = 0

    def readable(self):
        return True

    def writable(self):
        return True

    def seekable(self):
        return True

    def tell(self):
        return self._pos

    def seek(self, offset, whence=io.SEEK_SET):
        if whence == io.SEEK_SET:
            position = offset
        elif whence == io.SEEK_CUR:
            position = self._pos + offset
        else:
            position = self.size + offset
        if position < 0:
            raise ValueError("Negative seek position.")
        self._pos = position
        return position

    def readinto(self, buffer):
        count = max(0, min(len(buffer), self.size - self._pos))
        if not count:
            return 0
        self._raw.seek(self._start + self._pos)
        read = self._raw.readinto(memoryview(buffer)[:count])
        self._pos += read
        return read

    def write(self, data):
        self._raw.seek(self._start + self._pos)
        written = self._raw.write(data)
        self._pos += written
        self.size = max(self.size, self._pos)
        return written

    def truncate(self, size=None):
        size = self._pos if size is None else size
        self._raw.truncate(self._start + size)
        self.size = size
        return size

    def flush(self):
        self._raw.flush()
