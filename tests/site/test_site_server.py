"""The site's server (``bin/serve-site``, ``site/serve.py``) and its finishing step
(``site/precompress.py``): gzip twins sent to browsers that accept them (their
Accept-Encoding read with its weights), never to others; every answer says "ask again" and
"nosniff", and an unchanged file costs a 304; files dated at the build. The server holds a
class: 200 connections at once are all answered, connections are kept for the next request,
idle and half-sent ones are closed after the timeout, more than the limit wait their turn;
it answers every request and serves nothing outside the site, lists no folder.

Each server here is ``bin/serve-site`` in a process of its own, as a teacher starts it."""

from __future__ import annotations

import doctest
import gzip
import http.client
import importlib.util
import os
import re
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from email.utils import formatdate
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
SERVE_SITE = ROOT / "bin" / "serve-site"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"site_{name}", SITE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


serve, precompress = load("serve"), load("precompress")


@dataclass
class Served:
    folder: Path
    port: int
    process: subprocess.Popen

    def threads(self) -> int:
        """The server's threads now (Linux): the main one and one per connection."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"^Threads:\s+(\d+)", status, re.M)[1])


@contextmanager
def serving(folder: Path, *options: str) -> Iterator[Served]:
    """``bash bin/serve-site FOLDER 0 OPTIONS``: the port it took read from the line it prints."""
    log = (folder.parent / "serve.log").open("w")
    process = subprocess.Popen(["bash", str(SERVE_SITE), str(folder), "0", *options],
                               stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        ready, _, _ = select.select([process.stdout], [], [], 30)
        line = process.stdout.readline() if ready else ""
        started = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert started, f"bin/serve-site did not start: {line!r} {(folder.parent / 'serve.log').read_text()}"
        yield Served(folder, int(started[1]), process)
    finally:
        process.send_signal(signal.SIGCONT)  # should a test have stopped it
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.fixture
def built(tmp_path) -> tuple[Path, object]:
    """A little built site, finished as bin/site finishes it, and a folder beside it."""
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("<html><body>" + "Rally! " * 400 + "</body></html>")
    (folder / "static").mkdir()
    (folder / "static" / "pyodide.asm.wasm").write_bytes(b"\0asm" + b"\1\2\3\4" * 2000)
    (folder / "static" / "app.js").write_text("console.log('rally');\n" * 300)
    (folder / "static" / "tiny.js").write_text("1;")
    (folder / "static" / "wheel.whl").write_bytes(bytes(range(256)) * 20)
    (folder / "lab").mkdir()
    (folder / "lab" / "index.html").write_text("<html><body>" + "JupyterLab " * 400 + "</body></html>")
    old = time.mktime((1985, 10, 26, 9, 0, 0, 0, 0, -1))  # as files come out of wheels
    for path in folder.rglob("*"):
        if path.is_file():
            os.utime(path, (old, old))
    done = precompress.finish(folder, now=time.time() - 5)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text("not for the class")
    return folder, done


@pytest.fixture
def site(built) -> Iterator[Served]:
    with serving(built[0]) as served:
        yield served


def get(port: int, target: str | bytes, method: str = "GET", **headers: str) -> tuple[int, dict[str, str], bytes]:
    """One request, its target sent as it is; the answer's status, headers and body."""
    if isinstance(target, str):
        target = target.encode()
    lines = [b"%s %s HTTP/1.1" % (method.encode(), target), b"Host: 127.0.0.1"]
    lines += [f"{name.replace('_', '-')}: {value}".encode() for name, value in headers.items()]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"\r\n".join(lines) + b"\r\n\r\n")
        answer = http.client.HTTPResponse(sock, method=method)
        answer.begin()
        body = answer.read()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes ``sock`` (with no answer) within ``within`` seconds."""
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False


def test_finishing_dates_every_file_now_and_twins_only_what_shrinks(built):
    folder, done = built
    assert done.files == 6
    twins = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.gz"))
    assert twins == ["index.html.gz", "lab/index.html.gz", "static/app.js.gz", "static/pyodide.asm.wasm.gz"]
    assert all(p.stat().st_mtime > time.time() - 60 for p in folder.rglob("*") if p.is_file())
    assert gzip.decompress((folder / "static/app.js.gz").read_bytes()) == (folder / "static/app.js").read_bytes()
    assert done.bytes_after < done.bytes_before / 3
    again = precompress.finish(folder)  # a second run makes the same twins, no twin of a twin
    assert again.twins == 4 and not list(folder.rglob("*.gz.gz"))


def test_a_browser_that_accepts_gzip_gets_the_twin_with_the_files_type(site):
    status, headers, body = get(site.port, "/static/pyodide.asm.wasm", Accept_Encoding="gzip, deflate, br")
    assert status == 200
    assert headers["content-encoding"] == "gzip" and headers["content-type"] == "application/wasm"
    assert headers["vary"] == "Accept-Encoding" and headers["cache-control"] == "no-cache"
    assert gzip.decompress(body) == (site.folder / "static/pyodide.asm.wasm").read_bytes()
    assert int(headers["content-length"]) == len(body) < (site.folder / "static/pyodide.asm.wasm").stat().st_size
    status, headers, body = get(site.port, "/static/app.js", "HEAD", Accept_Encoding="gzip")
    assert status == 200 and body == b"" and headers["content-encoding"] == "gzip"
    assert int(headers["content-length"]) == (site.folder / "static/app.js.gz").stat().st_size


def test_a_browser_that_does_not_gets_the_file_itself(site):
    status, headers, body = get(site.port, "/static/app.js")
    assert status == 200 and "content-encoding" not in headers
    assert headers["content-type"].startswith("text/javascript")
    assert body == (site.folder / "static/app.js").read_bytes()
    status, headers, body = get(site.port, "/static/tiny.js", Accept_Encoding="gzip")  # no twin: as it is
    assert status == 200 and "content-encoding" not in headers and body == b"1;"


#: Accept-Encoding, and whether the answer is gzipped (RFC 9110, 12.5.3).
WEIGHTS = {
    "gzip, deflate, br, zstd": True,  # Chromium's
    "gzip;q=0": False,
    "gzip; q=0.5": True,
    "GZIP;Q=1.000": True,
    "gzip;q=0.000": False,
    "*": True,
    "*;q=0": False,
    "*, gzip;q=0": False,  # gzip named: the star is for the others
    "gzip;q=0, *": False,
    "deflate, *;q=0.3": True,
    "identity;q=0.5, gzip;q=0.2": False,  # the file as it is, preferred
    "x-gzip": True,
    "br, deflate": False,
    "": False,
    "gzipped": False,
    "gzip;q=2": False,  # no weight goes above 1: not read
}


def test_accept_encoding_is_read_with_its_weights(site):
    wanted = site.folder / "static/app.js"
    for accept, gzipped in WEIGHTS.items():
        status, headers, body = get(site.port, "/static/app.js", Accept_Encoding=accept)
        assert status == 200 and (headers.get("content-encoding") == "gzip") == gzipped, accept
        assert (gzip.decompress(body) if gzipped else body) == wanted.read_bytes(), accept


def test_an_unchanged_file_is_a_304_and_a_changed_one_is_sent_again(site):
    _status, headers, _body = get(site.port, "/index.html", Accept_Encoding="gzip")
    since = headers["last-modified"]
    status, _headers, body = get(site.port, "/index.html", Accept_Encoding="gzip", If_Modified_Since=since)
    assert status == 304 and body == b""
    # The site is built again: its files are dated then, and the browser gets the new ones.
    (site.folder / "index.html").write_text("<html><body>new " + "Rally! " * 400 + "</body></html>")
    precompress.finish(site.folder, now=time.time() + 5)
    status, headers, body = get(site.port, "/index.html", Accept_Encoding="gzip", If_Modified_Since=since)
    assert status == 200 and gzip.decompress(body).startswith(b"<html><body>new ")


def test_every_answer_says_nosniff(site):
    _status, headers, _body = get(site.port, "/static/app.js")
    answers = {
        "200": get(site.port, "/static/app.js"),
        "200 gzip": get(site.port, "/static/app.js", Accept_Encoding="gzip"),
        "304": get(site.port, "/static/app.js", If_Modified_Since=headers["last-modified"]),
        "301": get(site.port, "/lab"),
        "404": get(site.port, "/nowhere.js"),
        "400": get(site.port, "/index.html%00"),
        "HEAD": get(site.port, "/index.html", "HEAD"),
    }
    assert {name: status for name, (status, _, _) in answers.items()} == {
        "200": 200, "200 gzip": 200, "304": 304, "301": 301, "404": 404, "400": 400, "HEAD": 200}
    for name, (_status, headers, _body) in answers.items():
        assert headers.get("x-content-type-options") == "nosniff", name


def test_the_server_refuses_a_folder_that_is_not_a_site(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        serve.main([str(tmp_path), "0"])
    assert stop.value.code == 2
    assert "holds no built site" in capsys.readouterr().err


def test_last_modified_is_the_builds_date(site):
    _status, headers, _body = get(site.port, "/static/app.js")
    built = (site.folder / "static/app.js").stat().st_mtime
    assert headers["last-modified"] == formatdate(int(built), usegmt=True)  # not 1985


def test_a_folder_is_its_index_html_and_never_a_listing(site):
    status, _headers, body = get(site.port, "/")
    assert status == 200 and body == (site.folder / "index.html").read_bytes()
    status, headers, _body = get(site.port, "/lab")
    assert status == 301 and headers["location"] == "/lab/"
    status, headers, body = get(site.port, "/lab/?path=notebooks/01_tricks.ipynb", Accept_Encoding="gzip")
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["content-type"] == "text/html"
    assert gzip.decompress(body) == (site.folder / "lab/index.html").read_bytes()
    for folder in ("/static/", "/static", "/lab/../static/"):
        status, _headers, body = get(site.port, folder)
        assert status == 404 and b"app.js" not in body, folder


def test_nothing_outside_the_site_is_served(site):
    outside = site.folder.parent / "outside"
    (site.folder / "static" / "secret.txt").symlink_to(outside / "secret.txt")
    (site.folder / "escape").symlink_to(outside)
    (site.folder / "linked").mkdir()
    (site.folder / "linked" / "index.html").symlink_to(outside / "secret.txt")
    (site.folder / "static" / "same.js").symlink_to(site.folder / "static" / "app.js")  # inside: served
    (site.folder / "static" / "twin.js").write_text("twin();\n" * 300)
    (site.folder / "static" / "twin.js.gz").symlink_to(outside / "secret.txt")
    targets = ["/static/secret.txt", "/escape/secret.txt", "/escape/", "/linked/", "/linked/index.html",
               "/../outside/secret.txt", "/%2e%2e/outside/secret.txt", "/static/..%2f..%2foutside/secret.txt",
               "/static/%2E%2E/%2E%2E/outside/secret.txt", "/static\\..\\..\\outside\\secret.txt",
               "//outside/secret.txt", "http://127.0.0.1/../outside/secret.txt", str(outside / "secret.txt")]
    for target in targets:
        status, _headers, body = get(site.port, target)
        assert status == 404 and b"not for the class" not in body, target
    status, _headers, body = get(site.port, "/static/same.js")
    assert status == 200 and body == (site.folder / "static/app.js").read_bytes()
    status, headers, body = get(site.port, "/static/twin.js", Accept_Encoding="gzip")  # its twin leads out
    assert status == 200 and "content-encoding" not in headers and body == b"twin();\n" * 300


def test_a_nul_byte_or_an_overlong_name_gets_an_answer(site):
    for target in (b"/index.html%00", b"/index.html\x00", b"/static/%00/app.js"):
        status, headers, body = get(site.port, target, Accept_Encoding="gzip")
        assert status == 400 and int(headers["content-length"]) == len(body) > 0, target
    for target in ("/" + "a" * 5000, "/static/" + "b" * 5000 + ".js", "/" + "c/" * 3000):
        status, _headers, _body = get(site.port, target, Accept_Encoding="gzip")
        assert status == 404, target[:20]
    status, _headers, _body = get(site.port, "/" + "d" * 70_000)  # a request line over 64 KiB
    assert status == 414


def test_a_connection_is_kept_for_the_next_request(site):
    conn = http.client.HTTPConnection("127.0.0.1", site.port, timeout=10)
    try:
        first = None
        for path in ("/index.html", "/static/app.js", "/static/tiny.js", "/nowhere.js"):
            conn.request("GET", path, headers={"Accept-Encoding": "gzip"})
            answer = conn.getresponse()
            answer.read()
            first = first or conn.sock
            if path != "/nowhere.js":
                assert answer.status == 200 and conn.sock is first and not answer.will_close, path
        assert answer.status == 404 and answer.will_close  # an error ends the connection
    finally:
        conn.close()


def test_idle_and_half_sent_connections_are_closed_after_the_timeout(built):
    with serving(built[0], "--timeout", "1") as site, ExitStack() as stack:
        idle = [stack.enter_context(socket.create_connection(("127.0.0.1", site.port))) for _ in range(40)]
        half = stack.enter_context(socket.create_connection(("127.0.0.1", site.port)))
        half.sendall(b"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the blank line never comes
        kept = stack.enter_context(socket.create_connection(("127.0.0.1", site.port)))
        kept.sendall(b"GET /static/tiny.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = http.client.HTTPResponse(kept)
        answer.begin()
        assert answer.status == 200 and answer.read() == b"1;"  # then idle, kept alive
        trickle = stack.enter_context(socket.create_connection(("127.0.0.1", site.port)))
        for byte in b"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"z" * 200:
            try:
                trickle.sendall(bytes([byte]))  # a byte at a time, each well within the timeout
            except OSError:
                break
            time.sleep(0.05)
        else:
            pytest.fail("a request sent a byte at a time was still read after 10 s")
        assert all(closed_by_server(sock, 10) for sock in [*idle, half, kept])
        deadline = time.monotonic() + 10
        while sys.platform.startswith("linux") and site.threads() > 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        if sys.platform.startswith("linux"):
            assert site.threads() == 1  # every connection's thread has ended
        assert get(site.port, "/static/tiny.js")[0] == 200
    log = (built[0].parent / "serve.log").read_text()
    assert log.count("Request timed out") == 2  # the half-sent and the slow one; idle ones are no error


def test_connections_beyond_the_limit_wait_their_turn(built):
    with serving(built[0], "--connections", "4") as site, ExitStack() as stack:
        held = []
        for _ in range(4):  # each answered, then kept open
            conn = http.client.HTTPConnection("127.0.0.1", site.port, timeout=10)
            stack.callback(conn.close)
            conn.request("GET", "/static/tiny.js")
            conn.getresponse().read()
            held.append(conn)
        waiting = stack.enter_context(socket.create_connection(("127.0.0.1", site.port), timeout=10))
        waiting.sendall(b"GET /static/tiny.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert select.select([waiting], [], [], 1.0)[0] == []  # no fifth thread: no answer yet
        if sys.platform.startswith("linux"):
            assert site.threads() == 5
        held[0].close()
        answer = http.client.HTTPResponse(waiting)
        answer.begin()
        assert answer.status == 200 and answer.read() == b"1;"


def test_two_hundred_connections_at_once_are_all_answered(site):
    """The backlog: while the server is stopped, 200 connections are made (the operating
    system keeps them for it); once it goes on, each is answered."""
    os.kill(site.process.pid, signal.SIGSTOP)
    with ExitStack() as stack:
        try:
            socks = []
            for n in range(200):
                try:
                    socks.append(stack.enter_context(socket.create_connection(("127.0.0.1", site.port), timeout=5)))
                except TimeoutError:
                    pytest.fail(f"connection {n + 1} was not taken while the server was busy: the backlog is full")
            for sock in socks:
                sock.sendall(b"GET /static/tiny.js HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        finally:
            os.kill(site.process.pid, signal.SIGCONT)
        statuses = []
        for sock in socks:
            sock.settimeout(30)
            answer = http.client.HTTPResponse(sock)
            answer.begin()
            statuses.append((answer.status, answer.read()))
        assert statuses == [(200, b"1;")] * 200


def test_the_servers_and_the_finishing_steps_examples_hold():
    assert doctest.testmod(serve).failed == 0
    assert doctest.testmod(precompress).failed == 0
