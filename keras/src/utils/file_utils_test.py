import contextlib
import hashlib
import http.server
import io
import os
import pathlib
import tarfile
import threading
import urllib.request
import zipfile
from unittest import mock

from keras.src import testing
from keras.src.utils import file_utils


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def md5(data):
    return hashlib.md5(data).hexdigest()


class FileUtilsTestCase(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.src = self.get_temp_dir()
        self.cache = self.get_temp_dir()
        # Never fall back to the real ~/.keras.
        patcher = mock.patch.dict(os.environ, {"KERAS_HOME": self.cache})
        patcher.start()
        self.addCleanup(patcher.stop)
        out = io.StringIO()
        stdout = contextlib.redirect_stdout(out)
        stdout.__enter__()
        self.addCleanup(stdout.__exit__, None, None, None)

    def write_source(self, name, data):
        path = pathlib.Path(self.src) / name
        path.write_bytes(data)
        return path.as_uri()

    def make_tar(self, name, members, mode="w:gz"):
        path = os.path.join(self.src, name)
        with tarfile.open(path, mode) as archive:
            for member_name, data in members.items():
                info = tarfile.TarInfo(member_name)
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
        return pathlib.Path(path).as_uri()

    def make_zip(self, name, members):
        path = os.path.join(self.src, name)
        with zipfile.ZipFile(path, "w") as archive:
            for member_name, data in members.items():
                archive.writestr(member_name, data)
        return pathlib.Path(path).as_uri()

    def listing(self, folder):
        found = []
        for root, dirs, files in os.walk(folder):
            for name in dirs + files:
                found.append(
                    os.path.relpath(os.path.join(root, name), folder)
                )
        return sorted(found)


class GetFileTest(FileUtilsTestCase):
    def test_downloads_into_cache_dir(self):
        origin = self.write_source("data.txt", b"data")
        path = file_utils.get_file("d.txt", origin, cache_dir=self.cache)
        self.assertEqual(path, os.path.join(self.cache, "datasets", "d.txt"))
        self.assertEqual(open(path, "rb").read(), b"data")
        # fname defaults to the origin's last path component.
        path = file_utils.get_file(origin=origin, cache_subdir="sub")
        self.assertEqual(
            path, os.path.join(self.cache, "sub", "data.txt")
        )

    def test_keras_home_is_the_default_cache(self):
        origin = self.write_source("data.txt", b"data")
        path = file_utils.get_file("d.txt", origin)
        self.assertEqual(path, os.path.join(self.cache, "datasets", "d.txt"))

    def test_cached_file_with_right_hash_needs_no_network(self):
        origin = self.write_source("data.txt", b"data")
        path = file_utils.get_file("d.txt", origin, file_hash=sha256(b"data"))
        with mock.patch.object(
            urllib.request, "urlopen", side_effect=AssertionError("network")
        ):
            again = file_utils.get_file(
                "d.txt", "https://example.invalid/d.txt",
                file_hash=sha256(b"data"),
            )
            self.assertEqual(again, path)
            # md5 hashes work too (picked by length, or md5_hash).
            file_utils.get_file(
                "d.txt", "https://example.invalid/d.txt",
                file_hash=md5(b"data"),
            )
            file_utils.get_file(
                "d.txt", "https://example.invalid/d.txt",
                md5_hash=md5(b"data"),
            )

    def test_cached_file_with_wrong_hash_is_downloaded_again(self):
        origin = self.write_source("data.txt", b"data")
        target = os.path.join(self.cache, "datasets", "d.txt")
        os.makedirs(os.path.dirname(target))
        with open(target, "wb") as f:
            f.write(b"stale")
        file_utils.get_file("d.txt", origin, file_hash=sha256(b"data"))
        self.assertEqual(open(target, "rb").read(), b"data")

    def test_download_with_wrong_hash_is_rejected_and_not_kept(self):
        origin = self.write_source("data.txt", b"corrupted")
        with self.assertRaisesRegex(ValueError, "corrupted file"):
            file_utils.get_file("d.txt", origin, file_hash=sha256(b"data"))
        self.assertEqual(
            os.listdir(os.path.join(self.cache, "datasets")), []
        )

    def test_missing_file_without_network_names_url_and_path(self):
        origin = pathlib.Path(self.src, "absent.npz").as_uri()
        target = os.path.join(self.cache, "datasets", "x.npz")
        with self.assertRaises(Exception) as ctx:
            file_utils.get_file("x.npz", origin)
        message = str(ctx.exception)
        self.assertIn(f"URL fetch failure on {origin}", message)
        self.assertIn(f"place it at {target}", message)
        self.assertFalse(os.path.exists(target))

    def test_interrupted_download_leaves_no_partial_file(self):
        origin = self.write_source("data.txt", b"x" * 200_000)

        class Broken(io.BytesIO):
            headers = {"Content-Length": "200000"}

            def read(self, n=-1):
                if self.tell() > 0:
                    raise ConnectionResetError("connection lost")
                return super().read(n)

        with mock.patch.object(
            urllib.request, "urlopen", return_value=Broken(b"x" * 200_000)
        ):
            with self.assertRaises(ConnectionResetError):
                file_utils.get_file("d.txt", origin)
        self.assertEqual(
            os.listdir(os.path.join(self.cache, "datasets")), []
        )

    def test_force_download(self):
        origin = self.write_source("data.txt", b"new")
        target = os.path.join(self.cache, "datasets", "d.txt")
        os.makedirs(os.path.dirname(target))
        with open(target, "wb") as f:
            f.write(b"old")
        file_utils.get_file("d.txt", origin)
        self.assertEqual(open(target, "rb").read(), b"old")
        file_utils.get_file("d.txt", origin, force_download=True)
        self.assertEqual(open(target, "rb").read(), b"new")

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, '"origin"'):
            file_utils.get_file("d.txt")
        with self.assertRaisesRegex(ValueError, "cache_dir"):
            file_utils.get_file("sub/d.txt", "file:///x")
        with self.assertRaisesRegex(ValueError, "fname"):
            file_utils.get_file(origin="https://example.invalid/")

    def test_http_server_on_localhost(self):
        folder = self.src
        with open(os.path.join(folder, "served.txt"), "wb") as f:
            f.write(b"served")

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=folder, **kwargs)

            def log_message(self, *args):
                pass

        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        base = f"http://127.0.0.1:{server.server_port}/"
        path = file_utils.get_file(
            origin=base + "served.txt", file_hash=sha256(b"served")
        )
        self.assertEqual(open(path, "rb").read(), b"served")
        with self.assertRaisesRegex(Exception, "404"):
            file_utils.get_file(origin=base + "missing.txt")


class ExtractTest(FileUtilsTestCase):
    members = {"inner/a.txt": b"a", "b.txt": b"b"}

    def test_extract_name_without_extension(self):
        origin = self.make_tar("arch.tar.gz", self.members)
        path = file_utils.get_file("arch-target", origin, extract=True)
        folder = os.path.join(self.cache, "datasets")
        self.assertEqual(path, os.path.join(folder, "arch-target"))
        self.assertEqual(
            self.listing(path), ["b.txt", "inner", "inner/a.txt"]
        )
        self.assertTrue(
            os.path.isfile(os.path.join(folder, "arch-target_archive"))
        )

    def test_extract_name_with_extension(self):
        origin = self.make_zip("arch.zip", self.members)
        path = file_utils.get_file("data.v1.zip", origin, extract=True)
        folder = os.path.join(self.cache, "datasets")
        self.assertEqual(path, os.path.join(folder, "data_extracted"))
        self.assertEqual(
            self.listing(path), ["b.txt", "inner", "inner/a.txt"]
        )
        self.assertTrue(os.path.isfile(os.path.join(folder, "data.v1.zip")))

    def test_untar_and_cached_archive(self):
        origin = self.make_tar("arch.tar", self.members, mode="w")
        path = file_utils.get_file("u", origin, untar=True)
        self.assertEqual(path, os.path.join(self.cache, "datasets", "u"))
        with mock.patch.object(
            urllib.request, "urlopen", side_effect=AssertionError("network")
        ):
            self.assertEqual(file_utils.get_file("u", origin, untar=True),
                             path)

    def test_not_an_archive_warns(self):
        origin = self.write_source("plain.bin", b"plain")
        with self.assertWarnsRegex(UserWarning, "Could not extract"):
            file_utils.get_file("p", origin, extract=True)

    def test_members_outside_the_folder_are_skipped(self):
        archive_path = os.path.join(self.src, "evil.tar")
        with tarfile.open(archive_path, "w") as archive:
            for name in ["ok.txt", "../evil.txt", "/abs.txt",
                         "d/../../evil2.txt"]:
                info = tarfile.TarInfo(name)
                info.size = 1
                archive.addfile(info, io.BytesIO(b"x"))
            for name, target, kind in [
                ("out", "/etc/passwd", tarfile.SYMTYPE),
                ("up", "../..", tarfile.SYMTYPE),
                ("hard", "../../etc/passwd", tarfile.LNKTYPE),
                ("in", "ok.txt", tarfile.SYMTYPE),
            ]:
                info = tarfile.TarInfo(name)
                info.type = kind
                info.linkname = target
                archive.addfile(info)
        dest = os.path.join(self.get_temp_dir(), "x", "dest")
        with self.assertWarnsRegex(UserWarning, "Skipping invalid path"):
            self.assertTrue(file_utils.extract_archive(archive_path, dest))
        self.assertEqual(self.listing(dest), ["in", "ok.txt"])
        self.assertEqual(self.listing(os.path.dirname(dest)),
                         ["dest", "dest/in", "dest/ok.txt"])

        zip_path = os.path.join(self.src, "evil.zip")
        with zipfile.ZipFile(zip_path, "w") as archive:
            for name in ["ok.txt", "../evil.txt", "/abs.txt"]:
                archive.writestr(name, "x")
        dest = os.path.join(self.get_temp_dir(), "z")
        with self.assertWarnsRegex(UserWarning, "Skipping invalid path"):
            file_utils.extract_archive(zip_path, dest)
        self.assertEqual(self.listing(dest), ["ok.txt"])

    def test_extract_archive_formats(self):
        zip_uri = self.make_zip("a.zip", self.members)
        zip_path = zip_uri[len("file://"):]
        dest = self.get_temp_dir()
        self.assertFalse(file_utils.extract_archive(zip_path, dest, "tar"))
        self.assertFalse(file_utils.extract_archive(zip_path, dest, None))
        self.assertTrue(file_utils.extract_archive(zip_path, dest, ["zip"]))
        with self.assertRaisesRegex(ValueError, "archive_format"):
            file_utils.extract_archive(zip_path, dest, "rar")


class HelpersTest(testing.TestCase):
    def test_paths(self):
        self.assertTrue(file_utils.is_remote_path("gs://bucket/x"))
        self.assertTrue(file_utils.is_remote_path("/cns/x"))
        self.assertFalse(file_utils.is_remote_path("/tmp/x"))
        self.assertFalse(file_utils.is_remote_path(pathlib.Path("/tmp")))
        self.assertEqual(
            file_utils.path_to_string(pathlib.Path("/a/b")), "/a/b"
        )
        self.assertIsNone(file_utils.resolve_sub_path("/base", "../x"))
        self.assertEqual(
            file_utils.resolve_sub_path("/base", "a/b"),
            os.path.realpath("/base/a/b"),
        )

    def test_hashes(self):
        path = os.path.join(self.get_temp_dir(), "f")
        with open(path, "wb") as f:
            f.write(b"data")
        self.assertEqual(file_utils.hash_file(path), sha256(b"data"))
        self.assertEqual(file_utils.hash_file(path, "md5"), md5(b"data"))
        self.assertTrue(file_utils.validate_file(path, sha256(b"data")))
        self.assertTrue(file_utils.validate_file(path, md5(b"data")))
        self.assertFalse(file_utils.validate_file(path, md5(b"other")))
        self.assertEqual(
            file_utils.resolve_hasher("auto", "0" * 64).name, "sha256"
        )
        self.assertEqual(file_utils.resolve_hasher("auto", "0" * 32).name,
                         "md5")

    def test_local_file_helpers(self):
        folder = self.get_temp_dir()
        sub = file_utils.join(folder, "a", "b")
        file_utils.makedirs(sub)
        file_utils.makedirs(sub)
        self.assertTrue(file_utils.isdir(sub))
        path = file_utils.join(sub, "f.txt")
        with file_utils.File(path, "w") as f:
            f.write("x")
        file_utils.copy(path, file_utils.join(sub, "g.txt"))
        self.assertEqual(sorted(file_utils.listdir(sub)),
                         ["f.txt", "g.txt"])
        file_utils.remove(path)
        self.assertFalse(file_utils.exists(path))
        file_utils.rmtree(file_utils.join(folder, "a"))
        self.assertFalse(file_utils.exists(sub))
