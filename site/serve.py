"""Serve the built site: what ``bin/serve-site`` runs (Python's standard library only).

``python -m http.server`` serves the site too, but not to a class: it sends nothing
compressed (the site's WebAssembly and JavaScript shrink to about a third), it lets a
browser keep files for as long as their age suggests (a returning browser may keep an old
app for days after the site changed), and thirty first visits at once (a first visit to a
lesson asks for over 700 files, the site's offline copy included) leave requests
unanswered. This server:

- sends a file's gzip twin (``name.gz``, made by ``site/precompress.py`` at build time)
  when the request's ``Accept-Encoding`` gives gzip a weight above 0 and no less than the
  file as it is (RFC 9110, 12.5.3: ``gzip;q=0`` refuses it, ``*`` stands for what is not
  named), with ``Content-Encoding: gzip`` and the type of the file itself;
- tells the browser to ask again every time (``Cache-Control: no-cache``) and answers an
  unchanged file with ``304 Not Modified`` (its ``Last-Modified`` is the build's time), so
  a site update reaches every browser on its next visit and an unchanged site costs only
  the questions;
- knows the types the site needs (``.wasm``, ``.mjs``, ``.whl``, ``.ipynb``);
- holds a class: a browser keeps its connections for the next requests (HTTP/1.1), up to
  ``BACKLOG`` new connections wait to be taken (the operating system may allow fewer), a
  request must arrive whole within ``--timeout`` seconds of the server waiting for it
  (an idle or half-sent connection is closed and its thread ends), and at most
  ``--connections`` are served at once (more wait their turn);
- serves the site's files and nothing else: a name that leads outside the folder (``..``,
  a link pointing out), or to a folder without ``index.html`` (no listings), is a 404; a
  name with a NUL byte is a 400; every answer says ``X-Content-Type-Options: nosniff``.

Usage: ``bin/serve-site [folder] [port] [--bind ADDRESS] [--timeout S] [--connections N]``
(default ``_site``, 8000, 127.0.0.1, 30 s, 512); port 0 takes a free one, and the line the
server prints says which.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import io
import math
import os
import re
import socket
import sys
import threading
import time
from http import HTTPStatus
from pathlib import Path
from typing import Any

#: Types Python's table may lack or get wrong, by suffix.
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".ipynb": "application/x-ipynb+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}
#: New connections the operating system keeps for the server to take (Python's default,
#: 5, left a class's first visits unanswered; Linux allows up to net.core.somaxconn).
BACKLOG = 1024
#: Seconds a request may take to arrive, counted from when the server waits for it.
TIMEOUT = 30.0
#: Connections served at once, each by a thread of its own (a class of 30 browsers opens
#: up to 6 each); more wait in the backlog until one closes.
CONNECTIONS = 512

#: One element of Accept-Encoding (RFC 9110, 12.5.3): a coding (a token) and its weight.
_CODING = re.compile(r"\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(?:;\s*[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?\s*")


def gzip_wanted(accept_encoding: str | None) -> bool:
    """Whether an answer to a request with this ``Accept-Encoding`` may be gzipped: gzip
    (or x-gzip, else ``*``) weighs above 0 and no less than ``identity`` (else ``*``) where
    that is named. An element that cannot be read counts as not there; no header, no gzip.

    >>> [gzip_wanted(h) for h in ("gzip, deflate, br", "gzip;q=0", "gzip;q=0.5", "*", "*;q=0", "*, gzip;q=0")]
    [True, False, True, True, False, False]
    >>> [gzip_wanted(h) for h in ("identity;q=0.5, gzip;q=0.2", "x-gzip", None, "", "gzipped", "gzip;q=2")]
    [False, True, False, False, False, False]
    """
    weights: dict[str, float] = {}
    for element in (accept_encoding or "").split(","):
        read = _CODING.fullmatch(element)
        if read is not None:
            weights[read[1].lower()] = float(read[2] or 1)
    default = weights.get("*", 0.0)
    gzip = weights.get("gzip", weights.get("x-gzip", default))
    return gzip > 0 and gzip >= weights.get("identity", default)


class _RequestReader(io.RawIOBase):
    """A connection's reading side that waits no longer than ``deadline`` (a
    ``time.monotonic()`` time) in all: a per-read timeout alone lets a client that sends
    a byte now and then hold its thread for ever."""

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self.sock = sock
        self.deadline = math.inf
        self.received = 0  # bytes since the deadline was set

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.deadline != math.inf:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request did not arrive in time")
            self.sock.settimeout(left)
        got = self.sock.recv_into(buffer)
        self.received += got
        return got


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """The standard file handler, with gzip twins, revalidation, timeouts and only the
    site's files (see the module)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    protocol_version = "HTTP/1.1"
    #: Small answers go out at once on a kept connection (no wait for the last one's ACK).
    disable_nagle_algorithm = True
    _gzip_of: str | None = None

    def __init__(self, *args: Any, timeout: float = TIMEOUT, **kwargs: Any) -> None:
        self.request_timeout = timeout
        super().__init__(*args, **kwargs)

    def setup(self) -> None:
        super().setup()
        self.rfile.close()
        self._reader = _RequestReader(self.connection)
        self.rfile = io.BufferedReader(self._reader)

    def handle_one_request(self) -> None:
        self._reader.deadline, self._reader.received = time.monotonic() + self.request_timeout, 0
        super().handle_one_request()

    def log_error(self, format: str, *args: Any) -> None:
        if self._reader.received:  # else a kept connection stayed idle and was closed: no error
            super().log_error(format, *args)

    def parse_request(self) -> bool:
        try:
            parsed = super().parse_request()
        finally:
            self._reader.deadline = math.inf
            self.connection.settimeout(self.request_timeout)  # for the answer: each send's own time
        if parsed and (self.headers.get("Content-Length", "0").strip() != "0" or "Transfer-Encoding" in self.headers):
            self.close_connection = True  # its body is never read: the connection cannot go on
        return parsed

    def send_head(self):  # type: ignore[no-untyped-def]
        self._gzip_of = None
        path = self.translate_path(self.path)  # the query dropped, and every "." and ".."
        if "\0" in path:
            self.send_error(HTTPStatus.BAD_REQUEST, "A name with a NUL byte")
            return None
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        folder = os.path.isdir(path)
        file = os.path.join(path, "index.html") if folder else path
        if not self._in_site(file):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        if (not folder or url_path.endswith("/")) and self._in_site(file + ".gz") and gzip_wanted(
                ", ".join(self.headers.get_all("Accept-Encoding", []))):
            self._gzip_of = file
            self.path = url_path + ("index.html.gz" if folder else ".gz")
        return super().send_head()

    def _in_site(self, path: str) -> bool:
        """Whether ``path`` is a file of the site, where it is and where any link leads."""
        root, real = os.path.realpath(self.directory), os.path.realpath(path)
        try:
            return os.path.isfile(real) and os.path.commonpath((root, real)) == root
        except ValueError:  # on another drive (Windows)
            return False

    def guess_type(self, path):  # type: ignore[no-untyped-def]
        return super().guess_type(self._gzip_of if self._gzip_of is not None else path)

    def send_header(self, keyword: str, value: str) -> None:
        super().send_header(keyword, value)
        if keyword == "Content-type" and self._gzip_of is not None:
            super().send_header("Content-Encoding", "gzip")

    def end_headers(self) -> None:
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")  # always ask: 304 when nothing changed
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()


class SiteServer(http.server.ThreadingHTTPServer):
    """A thread per connection, at most ``connections`` at once, ``BACKLOG`` waiting."""

    request_queue_size = BACKLOG

    def __init__(self, address: tuple[str, int], handler: Any, connections: int = CONNECTIONS) -> None:
        self._free = threading.BoundedSemaphore(connections)
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        self._free.acquire()  # at the limit, the next connection waits in the backlog
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._free.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._free.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):  # a browser gone, not a fault
            super().handle_error(request, client_address)


def serve(folder: Path, port: int, bind: str = "127.0.0.1", timeout: float = TIMEOUT,
          connections: int = CONNECTIONS) -> None:
    handler = functools.partial(SiteHandler, directory=str(folder), timeout=timeout)
    with SiteServer((bind, port), handler, connections) as server:
        print(f"Serving {folder} at http://{bind}:{server.server_address[1]}/ (Ctrl+C to stop)", flush=True)
        server.serve_forever()


def _positive(kind: type) -> Any:
    def read(text: str) -> Any:
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
        return value
    return read


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the built site, compressed, always fresh.")
    parser.add_argument("folder", nargs="?", default="_site")
    parser.add_argument("port", nargs="?", type=int, default=8000, help="0: a free port (the server says which)")
    parser.add_argument("--bind", default="127.0.0.1", help="the address to listen on (0.0.0.0: the whole network)")
    parser.add_argument("--timeout", type=_positive(float), default=TIMEOUT,
                        help=f"seconds a request may take to arrive, idle time included (default {TIMEOUT:g})")
    parser.add_argument("--connections", type=_positive(int), default=CONNECTIONS,
                        help=f"connections served at once; more wait their turn (default {CONNECTIONS})")
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    if not (folder / "index.html").is_file():
        parser.error(f"{folder} holds no built site (no index.html): build it with bash bin/site {folder}")
    try:
        serve(folder.resolve(), args.port, args.bind, args.timeout, args.connections)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
