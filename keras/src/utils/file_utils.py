"""`keras.utils.get_file`: cached downloads, hash checks and safe archive
extraction; and small file helpers that also accept remote paths.

Rules:
- A download is written to a temporary file next to its target and renamed
  into place once complete and checked, so an interrupted or corrupted
  download never leaves a file under the final name.
- Archive members are never written outside the extraction folder: members
  whose path resolves outside it (`..`, absolute paths) and links pointing
  outside it are skipped with a warning. Extraction happens in a temporary
  folder renamed into place, so a failed extraction leaves nothing behind.
- Remote paths (`gs://`, `s3://`, `hdfs://`, ...) go through
  `tf.io.gfile`, imported only when such a path is used.
"""

import hashlib
import importlib
import os
import re
import shutil
import tarfile
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import warnings
import zipfile

from keras.src.api_export import keras_export
from keras.src.backend import config
from keras.src.utils import io_utils
from keras.src.utils.progbar import Progbar

_CHUNK_SIZE = 65535
_REMOTE_PATH = re.compile(
    r"^(/cns|/placer|/readahead|/tfhub|[a-z0-9]+://).*$"
)


# -- paths --------------------------------------------------------------------


def path_to_string(path):
    """Returns `path` as a string when it is path-like, else unchanged.

    Example:

    >>> import pathlib
    >>> path_to_string(pathlib.Path("/data") / "x.npz")
    '/data/x.npz'
    """
    if isinstance(path, os.PathLike):
        return os.fspath(path)
    return path


def resolve_path(path):
    """The absolute path of `path`, with symbolic links resolved.

    Example:

    >>> resolve_path("/tmp/../tmp") == os.path.realpath("/tmp")
    True
    """
    return os.path.realpath(os.path.abspath(path))


def resolve_sub_path(base_dir, relative_path):
    """Resolves `relative_path` under `base_dir`; `None` when it lands
    outside `base_dir` (a `..` climb, an absolute path).

    Example:

    >>> resolve_sub_path("/data", "../etc/passwd") is None
    True
    """
    base = resolve_path(base_dir)
    target = resolve_path(os.path.join(base, relative_path))
    if target != base and not target.startswith(base + os.sep):
        return None
    return target


def is_link_in_dir(info, base_dir):
    """Whether the link member `info` of a tar archive points inside
    `base_dir` once extracted there.

    A symbolic link's target is relative to the folder of the link; a hard
    link's target is a member path, relative to the archive root.
    """
    if info.issym():
        tip = os.path.join(base_dir, os.path.dirname(info.name))
    else:
        tip = base_dir
    if resolve_sub_path(base_dir, info.name) is None:
        return False
    target = resolve_path(os.path.join(resolve_path(tip), info.linkname))
    base = resolve_path(base_dir)
    return target == base or target.startswith(base + os.sep)


def is_remote_path(filepath):
    """Whether `filepath` names a remote file system (`gs://`, `s3://`,
    `hdfs://`, `/cns`, ...) rather than a local path.

    Example:

    >>> is_remote_path("gs://bucket/model.keras")
    True
    >>> is_remote_path("/tmp/model.keras")
    False
    """
    return bool(_REMOTE_PATH.match(str(path_to_string(filepath))))


# -- hashes -------------------------------------------------------------------


def resolve_hasher(algorithm, file_hash=None):
    """Returns a new `hashlib` object for `algorithm`.

    `"sha256"` (or `"auto"` with a 64-character `file_hash`) gives SHA-256;
    anything else gives MD5, as Keras does.
    """
    if algorithm == "sha256":
        return hashlib.sha256()
    if algorithm == "auto" and file_hash is not None and len(file_hash) == 64:
        return hashlib.sha256()
    return hashlib.md5()


def hash_file(fpath, algorithm="sha256", chunk_size=_CHUNK_SIZE):
    """The hex digest of a file.

    Args:
        fpath: the file.
        algorithm: `"sha256"` or `"md5"` (`"auto"` means MD5 here, as there
            is no reference hash to guess from).
        chunk_size: bytes read at a time.

    Returns:
        The hash as a hex string.

    Example:

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile(delete=False) as f:
    ...     _ = f.write(b"data")
    >>> hash_file(f.name, "md5")
    '8d777f385d3dfec8815d20f7496026dc'
    """
    hasher = (
        algorithm
        if not isinstance(algorithm, str)
        else resolve_hasher(algorithm)
    )
    with open(fpath, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            hasher.update(chunk)
    return hasher.hexdigest()


def validate_file(fpath, file_hash, algorithm="auto", chunk_size=_CHUNK_SIZE):
    """Whether a file's hash equals `file_hash`.

    Args:
        fpath: the file.
        file_hash: the expected SHA-256 or MD5 hex digest.
        algorithm: `"sha256"`, `"md5"` or `"auto"` (picked from the length
            of `file_hash`).
        chunk_size: bytes read at a time.

    Returns:
        `True` when the hashes match.
    """
    hasher = resolve_hasher(algorithm, file_hash)
    return hash_file(fpath, hasher, chunk_size) == str(file_hash)


# -- archives -----------------------------------------------------------------


def _skip(name):
    warnings.warn(
        f"Skipping invalid path during archive extraction: '{name}'.",
        stacklevel=3,
    )


def filter_safe_tarinfos(members, base_dir):
    """Yields the tar members that are safe to extract under `base_dir`.

    Skipped, with a warning: members whose path resolves outside
    `base_dir`, links whose target is outside it, and device or FIFO
    members.
    """
    for info in members:
        unsafe = (
            resolve_sub_path(base_dir, info.name) is None
            or ((info.issym() or info.islnk())
                and not is_link_in_dir(info, base_dir))
            or info.isdev()
        )
        if unsafe:
            _skip(info.name)
        else:
            yield info


def filter_safe_zipinfos(members, base_dir):
    """Yields the zip members whose path stays under `base_dir`; the
    others are skipped with a warning."""
    for info in members:
        if resolve_sub_path(base_dir, info.filename) is None:
            _skip(info.filename)
        else:
            yield info


def extract_open_archive(archive, path="."):
    """Extracts the safe members of an open `TarFile` or `ZipFile` into
    `path` (see `filter_safe_tarinfos` and `filter_safe_zipinfos`)."""
    if isinstance(archive, zipfile.ZipFile):
        members = list(filter_safe_zipinfos(archive.infolist(), path))
        archive.extractall(path, members=members)
        return
    members = list(filter_safe_tarinfos(archive.getmembers(), path))
    if hasattr(tarfile, "data_filter"):
        # Python's own "data" filter re-checks each member against what
        # is already on disk (links extracted earlier), a second guard.
        archive.extractall(path, members=members, filter="data")
    else:
        archive.extractall(path, members=members)


def _archive_formats(archive_format):
    if archive_format is None:
        return []
    if archive_format == "auto":
        return ["tar", "zip"]
    if isinstance(archive_format, str):
        archive_format = [archive_format]
    formats = list(archive_format)
    for fmt in formats:
        if fmt not in ("tar", "zip"):
            raise ValueError(
                "`archive_format` must be 'auto', 'tar', 'zip', a list of "
                f"those, or None. Received: archive_format={fmt!r}"
            )
    return formats


def extract_archive(file_path, path=".", archive_format="auto"):
    """Extracts a tar (plain, gzip, bz2, xz) or zip archive into `path`.

    Members that would land outside `path` are skipped with a warning.

    Args:
        file_path: the archive.
        path: the folder to extract into.
        archive_format: `"auto"` (tar, then zip), `"tar"`, `"zip"`, a list
            of those, or `None` (extract nothing).

    Returns:
        `True` when the file was one of the formats and was extracted,
        `False` otherwise.
    """
    file_path = path_to_string(file_path)
    path = path_to_string(path)
    if not os.path.exists(file_path):
        raise FileNotFoundError(
            f"No such archive: '{file_path}' (extract_archive)."
        )
    for fmt in _archive_formats(archive_format):
        if fmt == "tar":
            is_format, opener = tarfile.is_tarfile, tarfile.open
        else:
            is_format, opener = zipfile.is_zipfile, zipfile.ZipFile
        if not is_format(file_path):
            continue
        with opener(file_path) as archive:
            try:
                extract_open_archive(archive, path)
            except BaseException:
                if os.path.isdir(path):
                    shutil.rmtree(path, ignore_errors=True)
                raise
        return True
    return False


# -- downloads ----------------------------------------------------------------


def _download(origin, target, file_hash, hash_algorithm):
    """Streams `origin` into a temporary file beside `target`, checks its
    hash, then renames it to `target`."""
    folder = os.path.dirname(target)
    fd, partial = tempfile.mkstemp(
        dir=folder, prefix=os.path.basename(target) + ".", suffix=".part"
    )
    try:
        with os.fdopen(fd, "wb") as out:
            try:
                response = urllib.request.urlopen(origin)
            except urllib.error.HTTPError as e:
                raise Exception(_fetch_error(origin, target, e.code, e.msg))
            except (urllib.error.URLError, OSError) as e:
                reason = getattr(e, "reason", e)
                raise Exception(_fetch_error(origin, target, None, reason))
            with response:
                total = response.headers.get("Content-Length")
                total = int(total) if total and int(total) > 0 else None
                bar = Progbar(total)
                done = 0
                bar.update(0)
                for chunk in iter(lambda: response.read(_CHUNK_SIZE), b""):
                    out.write(chunk)
                    done += len(chunk)
                    bar.update(done)
                bar.update(done, finalize=True)
        if file_hash is not None and not validate_file(
            partial, file_hash, hash_algorithm
        ):
            raise ValueError(
                "Incomplete or corrupted file detected. The "
                f"{hash_algorithm} file hash does not match the provided "
                f"value of {file_hash}. (downloaded from {origin})"
            )
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


def _fetch_error(origin, target, code, reason):
    return (
        f"URL fetch failure on {origin}: {code} -- {reason}. "
        f"To use this file without network access, download it from "
        f"{origin} and place it at {target}"
    )


def _cache_folder(cache_dir, cache_subdir):
    base = os.path.expanduser(
        config.keras_home() if cache_dir is None else cache_dir
    )
    if not os.access(base, os.W_OK):
        base = os.path.join("/tmp", ".keras")
    folder = os.path.join(base, cache_subdir)
    os.makedirs(folder, exist_ok=True)
    return folder


def _extract(archive, extract_dir, archive_format):
    """Extracts into a temporary folder renamed to `extract_dir`."""
    parent = os.path.dirname(extract_dir)
    staging = tempfile.mkdtemp(
        dir=parent, prefix=os.path.basename(extract_dir) + ".", suffix=".tmp"
    )
    try:
        if not extract_archive(archive, staging, archive_format):
            warnings.warn("Could not extract archive.", stacklevel=3)
            return
        if os.path.isdir(extract_dir):
            shutil.rmtree(extract_dir)
        os.replace(staging, extract_dir)
    finally:
        if os.path.isdir(staging):
            shutil.rmtree(staging, ignore_errors=True)


@keras_export("keras.utils.get_file")
def get_file(
    fname=None,
    origin=None,
    untar=False,
    md5_hash=None,
    file_hash=None,
    cache_subdir="datasets",
    hash_algorithm="auto",
    extract=False,
    archive_format="auto",
    cache_dir=None,
    force_download=False,
):
    """Downloads a file from a URL unless it is already in the cache.

    Files go to `cache_dir/cache_subdir` (by default `~/.keras/datasets`,
    or `$KERAS_HOME/datasets`). A cached file is used without network
    access; when `file_hash` is given it must also match, otherwise the
    file is downloaded again. Downloads are written to a temporary file
    and renamed once complete and checked.

    With `extract=True`, the archive (tar, tar.gz, tar.bz2, tar.xz or zip)
    is extracted and the extraction folder is returned: when `fname` has an
    extension (`"data.tar.gz"`), the archive is saved as `fname` and
    extracted to `data_extracted`; otherwise the archive is saved as
    `fname + "_archive"` and extracted to `fname`. Archive members that
    would land outside that folder are skipped.

    Args:
        fname: the file name in the cache (not a path). Defaults to the
            last component of `origin`'s path.
        origin: the URL of the file (`https://`, `http://`, `file://`).
        untar: deprecated, same as `extract=True` with
            `archive_format="tar"`.
        md5_hash: deprecated, same as `file_hash` with
            `hash_algorithm="md5"`.
        file_hash: the expected SHA-256 or MD5 hex digest of the file.
        cache_subdir: the sub-folder of the cache folder to save in.
        hash_algorithm: `"sha256"`, `"md5"` or `"auto"` (picked from the
            length of `file_hash`).
        extract: whether to extract the file as an archive.
        archive_format: `"auto"`, `"tar"`, `"zip"`, a list of those, or
            `None`.
        cache_dir: the cache folder (default: `~/.keras`, or
            `KERAS_HOME`). When it is not writable, `/tmp/.keras` is used.
        force_download: download even if the file is cached.

    Returns:
        The path of the file, or of the extraction folder with
        `extract=True`.

    Example:

    >>> import os, tempfile, pathlib
    >>> src = pathlib.Path(tempfile.mkdtemp()) / "hello.txt"
    >>> _ = src.write_text("hello")
    >>> path = keras.utils.get_file(
    ...     origin=src.as_uri(), cache_dir=tempfile.mkdtemp()
    ... )  # doctest: +SKIP
    >>> open(path).read()  # doctest: +SKIP
    'hello'
    """
    if origin is None:
        raise ValueError(
            'Please specify the "origin" argument (URL of the file to '
            "download)."
        )
    if md5_hash is not None and file_hash is None:
        file_hash = md5_hash
        hash_algorithm = "md5"
    folder = _cache_folder(cache_dir, cache_subdir)

    given_fname = path_to_string(fname)
    if not given_fname:
        fname = os.path.basename(urllib.parse.urlsplit(origin).path)
        if not fname:
            raise ValueError(
                "Can't parse the file name from the origin provided: "
                f"'{origin}'. Please specify the `fname` argument."
            )
    else:
        fname = given_fname
        if os.sep in fname or "/" in fname or (
            os.altsep and os.altsep in fname
        ):
            raise ValueError(
                "Paths are no longer accepted as the `fname` argument. To "
                "specify the file's parent directory, use the `cache_dir` "
                f"argument. Received: fname={fname}"
            )

    extract = extract or untar
    if untar:
        archive_format = "tar"
    if extract:
        if given_fname and "." in fname:
            target = os.path.join(folder, fname)
            extract_dir = os.path.join(
                folder, fname.split(".")[0] + "_extracted"
            )
        else:
            extract_dir = os.path.join(folder, fname)
            target = extract_dir + "_archive"
    else:
        target = os.path.join(folder, fname)

    download = force_download or not os.path.exists(target)
    if not download and file_hash is not None:
        if not validate_file(target, file_hash, hash_algorithm):
            io_utils.print_msg(
                "A local file was found, but it seems to be incomplete or "
                f"outdated because the {hash_algorithm} file hash does not "
                f"match the original value of {file_hash} so we will "
                "re-download the data."
            )
            download = True

    if download:
        io_utils.print_msg(f"Downloading data from {origin}")
        _download(origin, target, file_hash, hash_algorithm)

    if extract:
        if download or not os.path.exists(extract_dir):
            _extract(target, extract_dir, archive_format)
        return extract_dir
    return target


# -- file helpers that accept remote paths ------------------------------------


def _gfile(path):
    tf = importlib.import_module("tensorflow")
    return tf.io.gfile


def File(path, mode="r"):
    """Opens a local file, or a remote one through `tf.io.gfile`."""
    path = path_to_string(path)
    if is_remote_path(path):
        return _gfile(path).GFile(path, mode=mode)
    return open(path, mode)


def exists(path):
    """Whether the local or remote `path` exists."""
    path = path_to_string(path)
    if is_remote_path(path):
        return _gfile(path).exists(path)
    return os.path.exists(path)


def isdir(path):
    """Whether the local or remote `path` is a folder."""
    path = path_to_string(path)
    if is_remote_path(path):
        return _gfile(path).isdir(path)
    return os.path.isdir(path)


def listdir(path):
    """The entries of a local or remote folder."""
    path = path_to_string(path)
    if is_remote_path(path):
        return _gfile(path).listdir(path)
    return os.listdir(path)


def makedirs(path):
    """Creates a local or remote folder and its parents (no error when it
    exists)."""
    path = path_to_string(path)
    if is_remote_path(path):
        return _gfile(path).makedirs(path)
    os.makedirs(path, exist_ok=True)


def remove(path):
    """Removes a local or remote file."""
    path = path_to_string(path)
    if is_remote_path(path):
        return _gfile(path).remove(path)
    os.remove(path)


def rmtree(path):
    """Removes a local or remote folder and its content."""
    path = path_to_string(path)
    if is_remote_path(path):
        return _gfile(path).rmtree(path)
    shutil.rmtree(path)


def copy(src, dst):
    """Copies a file between local and/or remote paths (overwriting)."""
    src = path_to_string(src)
    dst = path_to_string(dst)
    if is_remote_path(src) or is_remote_path(dst):
        return _gfile(src).copy(src, dst, overwrite=True)
    shutil.copy(src, dst)


def join(path, *paths):
    """Joins path components (`os.path.join`, for local and remote paths).

    Example:

    >>> join("gs://bucket", "models", "m.keras")
    'gs://bucket/models/m.keras'
    """
    return os.path.join(path_to_string(path), *map(path_to_string, paths))
