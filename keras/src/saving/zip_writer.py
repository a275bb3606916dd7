"""A minimal zip writer whose members HDF5 can write in place.

`zipfile` streams a member's bytes in order, but HDF5 seeks back and forth
while it writes a file. Writing `model.weights.h5` to a temporary file and
copying it into the archive costs a second full write of the model (the
largest part of a save), so this writer hands h5py a seekable window of
the archive itself (`member_file`): the weights are written once. The
CRC-32 that the zip format needs is taken from the large writes as they
happen (the variables' data, written once each); only the small regions
HDF5 writes or rewrites (its metadata) are read back at the end, and the
pieces are joined with `crc32_combine`.

Members are stored uncompressed. The member written in place always
carries ZIP64 sizes (they are unknown when its header is written), and
the archive ends with ZIP64 records when it grows past 4 GiB. Any zip
reader (Python's `zipfile`, upstream Keras) reads the result.
"""

import bisect
import concurrent.futures
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
# Writes from this size on have their CRC taken as they happen.
_TRACKED_WRITE = 2**16
_CRC_POLYNOMIAL = 0xEDB88320  # CRC-32, reflected.


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
        with concurrent.futures.ThreadPoolExecutor(1) as crc_thread:
            window = MemberFile(self.raw, start, crc_thread)
            write(window)
        size = window.size
        crc = self._crc(start, size, window.intact_writes())
        # Patch the sizes (in the ZIP64 extra) and the CRC in place.
        self.raw.seek(offset + 14)
        self.raw.write(struct.pack("<I", crc))
        self.raw.seek(offset + _LOCAL.size + len(encoded) + 4)
        self.raw.write(struct.pack("<QQ", size, size))
        self.raw.seek(start + size)
        self.entries.append((encoded, offset, crc, size))

    def _crc(self, start, size, known):
        """CRC-32 of the `size` bytes from `start`: `known` lists
        `(offset, length, crc)` of regions whose CRC is already known;
        the rest is read back."""
        crc = 0
        position = 0
        for offset, length, known_crc in known + [(size, 0, 0)]:
            crc = self._read_crc(start + position, offset - position, crc)
            crc = crc32_combine(crc, known_crc, length)
            position = offset + length
        return crc

    def _read_crc(self, start, size, crc):
        if size <= 0:
            return crc
        self.raw.seek(start)
        buffer = bytearray(min(_CHUNK, size))
        view = memoryview(buffer)
        while size:
            count = self.raw.readinto(view[: min(_CHUNK, size)])
            if not count:
                raise IOError("The archive ended before its last member.")
            crc = zlib.crc32(view[:count], crc)
            size -= count
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


def _multiply_mod_p(a, b):
    """a * b modulo the CRC-32 polynomial (reflected bit order)."""
    product = 0
    bit = 1 << 31
    while a:
        if a & bit:
            product ^= b
            a &= ~bit
        bit >>= 1
        b = (b >> 1) ^ _CRC_POLYNOMIAL if b & 1 else b >> 1
    return product


def _x_to_8n_mod_p(n):
    """x**(8n) modulo the polynomial: shifting a CRC past n zero bytes."""
    power = 1 << 31  # x**0
    square = 1 << 30  # x**1
    bits = 8 * n
    while bits:
        if bits & 1:
            power = _multiply_mod_p(square, power)
        square = _multiply_mod_p(square, square)
        bits >>= 1
    return power


def crc32_combine(crc1, crc2, length2):
    """The CRC-32 of `A + B` from `crc1 = crc32(A)`, `crc2 = crc32(B)` and
    `length2 = len(B)` (zlib's `crc32_combine`, which Python's `zlib` does
    not expose).

    Example:

    >>> crc32_combine(zlib.crc32(b"ab"), zlib.crc32(b"cd"), 2) == (
    ...     zlib.crc32(b"abcd"))
    True
    """
    return _multiply_mod_p(_x_to_8n_mod_p(length2), crc1) ^ crc2


class _Intervals:
    """A union of half-open intervals, kept as sorted disjoint spans."""

    def __init__(self):
        self.starts = []
        self.ends = []

    def overlaps(self, lo, hi):
        i = bisect.bisect_right(self.starts, lo) - 1
        if i >= 0 and self.ends[i] > lo:
            return True
        return i + 1 < len(self.starts) and self.starts[i + 1] < hi

    def add(self, lo, hi):
        i = bisect.bisect_left(self.ends, lo)  # First span ending at/after lo.
        j = bisect.bisect_right(self.starts, hi)  # Spans starting <= hi.
        if i < j:
            lo = min(lo, self.starts[i])
            hi = max(hi, self.ends[j - 1])
        self.starts[i:j] = [lo]
        self.ends[i:j] = [hi]


class MemberFile(io.RawIOBase):
    """A seekable, readable and writable window of `raw` from `start` on
    (its end grows with writes), for h5py's file-object driver.

    The CRC of a large write is taken on `crc_thread` (an executor) while
    the write runs: `zlib.crc32` releases the GIL, so on two cores the
    checksum costs no extra time (it was ~8% of saving 400 MB)."""

    def __init__(self, raw, start, crc_thread=None):
        super().__init__()
        self._crc_thread = crc_thread
        self._raw = raw
        self._start = start
        self._pos = 0
        self.size = 0
        # (offset, length, crc) of each large write, and the spans of the
        # writes after it (a later write over it voids its CRC).
        self._large_writes = []
        self._spans = []

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
        data = memoryview(data).cast("B")
        pending = None
        if self._crc_thread is not None and len(data) >= _TRACKED_WRITE:
            pending = self._crc_thread.submit(zlib.crc32, data)
        written = self._raw.write(data)
        if written >= _TRACKED_WRITE:
            if pending is not None and written == len(data):
                crc = pending.result()
            else:
                crc = zlib.crc32(data[:written])
            self._large_writes.append(
                (self._pos, written, crc, len(self._spans)))
        self._spans.append((self._pos, self._pos + written))
        self._pos += written
        self.size = max(self.size, self._pos)
        return written

    def intact_writes(self):
        """`(offset, length, crc)` of the large writes that no later write
        overlapped and that lie within the file, by offset."""
        large = {index: (offset, length, crc)
                 for offset, length, crc, index in self._large_writes}
        later = _Intervals()
        intact = []
        for index in range(len(self._spans) - 1, -1, -1):
            lo, hi = self._spans[index]
            if index in large and hi <= self.size and not later.overlaps(
                    lo, hi):
                intact.append(large[index])
            later.add(lo, hi)
        return sorted(intact)

    def truncate(self, size=None):
        size = self._pos if size is None else size
        self._raw.truncate(self._start + size)
        self.size = size
        return size

    def flush(self):
        self._raw.flush()
