"""The site's server (``bin/serve-site``, ``site/serve.py``) and its finishing step
(``site/precompress.py``): gzip twins sent to browsers that accept them, never to others;
every answer says "ask again", and an unchanged file costs a 304; files dated at the build."""

from __future__ import annotations

import gzip
import os
import doctest
import http.client
import importlib.util
import sys
import threading
import time
from email.utils import formatdate
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parents[2] / "site"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"site_{name}", SITE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


serve, precompress = load("serve"), load("precompress")


@pytest.fixture
def site(tmp_path):
    """A little built site, finished as bin/site finishes it, served on a free port."""
    (tmp_path / "index.html").write_text("<html><body>" + "Rally! " * 400 + "</body></html>")
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "pyodide.asm.wasm").write_bytes(b"\0asm" + b"\1\2\3\4" * 2000)
    (tmp_path / "static" / "app.js").write_text("console.log('rally');\n" * 300)
    (tmp_path / "static" / "tiny.js").write_text("1;")
    (tmp_path / "static" / "wheel.whl").write_bytes(bytes(range(256)) * 20)
    old = time.mktime((1985, 10, 26, 9, 0, 0, 0, 0, -1))  # as files come out of wheels
    for path in tmp_path.rglob("*"):
        if path.is_file():
            os.utime(path, (old, old))
    done = precompress.finish(tmp_path, now=time.time() - 5)
    handler = serve.functools.partial(serve.SiteHandler, directory=str(tmp_path))
    server = serve.http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield tmp_path, server.server_address[1], done
    finally:
        server.shutdown()
        server.server_close()


def get(port: int, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers)
    answer = conn.getresponse()
    body = answer.read()
    conn.close()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body


def test_finishing_dates_every_file_now_and_twins_only_what_shrinks(site):
    folder, _port, done = site
    assert done.files == 5
    twins = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.gz"))
    assert twins == ["index.html.gz", "static/app.js.gz", "static/pyodide.asm.wasm.gz"]  # not tiny.js, not the wheel
    assert all(p.stat().st_mtime > time.time() - 60 for p in folder.rglob("*") if p.is_file())
    assert gzip.decompress((folder / "static/app.js.gz").read_bytes()) == (folder / "static/app.js").read_bytes()
    assert done.bytes_after < done.bytes_before / 3
    again = precompress.finish(folder)  # a second run makes the same twins, no twin of a twin
    assert again.twins == 3 and not list(folder.rglob("*.gz.gz"))


def test_a_browser_that_accepts_gzip_gets_the_twin_with_the_files_type(site):
    folder, port, _ = site
    status, headers, body = get(port, "/static/pyodide.asm.wasm", **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["content-encoding"] == "gzip" and headers["content-type"] == "application/wasm"
    assert headers["vary"] == "Accept-Encoding" and headers["cache-control"] == "no-cache"
    assert gzip.decompress(body) == (folder / "static/pyodide.asm.wasm").read_bytes()
    assert int(headers["content-length"]) == len(body) < (folder / "static/pyodide.asm.wasm").stat().st_size


def test_a_browser_that_does_not_gets_the_file_itself(site):
    folder, port, _ = site
    status, headers, body = get(port, "/static/app.js")
    assert status == 200 and "content-encoding" not in headers
    assert headers["content-type"].startswith("text/javascript")
    assert body == (folder / "static/app.js").read_bytes()
    status, headers, body = get(port, "/static/tiny.js", **{"Accept-Encoding": "gzip"})  # no twin: as it is
    assert status == 200 and "content-encoding" not in headers and body == b"1;"


def test_an_unchanged_file_is_a_304_and_a_changed_one_is_sent_again(site):
    folder, port, _ = site
    _status, headers, _body = get(port, "/index.html", **{"Accept-Encoding": "gzip"})
    since = headers["last-modified"]
    status, _headers, body = get(port, "/index.html", **{"Accept-Encoding": "gzip", "If-Modified-Since": since})
    assert status == 304 and body == b""
    # The site is built again: its files are dated then, and the browser gets the new ones.
    (folder / "index.html").write_text("<html><body>new " + "Rally! " * 400 + "</body></html>")
    precompress.finish(folder, now=time.time() + 5)
    status, headers, body = get(port, "/index.html", **{"Accept-Encoding": "gzip", "If-Modified-Since": since})
    assert status == 200 and gzip.decompress(body).startswith(b"<html><body>new ")


def test_the_server_refuses_a_folder_that_is_not_a_site(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        serve.main([str(tmp_path), "0"])
    assert stop.value.code == 2
    assert "holds no built site" in capsys.readouterr().err


def test_last_modified_is_the_builds_date(site):
    folder, port, _ = site
    _status, headers, _body = get(port, "/static/app.js")
    built = (folder / "static/app.js").stat().st_mtime
    assert headers["last-modified"] == formatdate(int(built), usegmt=True)  # not 1985


def test_the_finishing_steps_example_holds():
    assert doctest.testmod(precompress).failed == 0
