"""Serve the built site: what ``bin/serve-site`` runs (Python's standard library only).

``python -m http.server`` serves the site too, but a classroom pays for it: it sends
nothing compressed (the site's WebAssembly and JavaScript shrink to about a third), and it
lets a browser keep files for as long as their age suggests, so a returning browser may
keep an old app for days after the site changed. This server:

- sends a file's gzip twin (``name.gz``, made by ``site/precompress.py`` at build time)
  when the browser accepts gzip, with ``Content-Encoding: gzip`` and the type of the file
  itself;
- tells the browser to ask again every time (``Cache-Control: no-cache``) and answers an
  unchanged file with ``304 Not Modified`` (its ``Last-Modified`` is the build's time), so
  a site update reaches every browser on its next visit and an unchanged site costs only
  the questions;
- knows the types the site needs (``.wasm``, ``.mjs``, ``.whl``, ``.ipynb``).

Usage: ``bin/serve-site [folder] [port]`` (default ``_site`` and 8000), on 127.0.0.1
unless ``--bind`` says otherwise.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
from pathlib import Path

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


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """The standard file handler, with gzip twins and revalidation (see the module)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        twin = path.with_name(path.name + ".gz")
        if path.is_file() and twin.is_file() and "gzip" in self.headers.get("Accept-Encoding", ""):
            self._gzip_of = path
            self.path = self.path.split("?", 1)[0].split("#", 1)[0] + ".gz"
        else:
            self._gzip_of = None
        return super().send_head()

    def guess_type(self, path):  # type: ignore[no-untyped-def]
        of = getattr(self, "_gzip_of", None)
        return super().guess_type(str(of) if of is not None else path)

    def send_header(self, keyword: str, value: str) -> None:
        super().send_header(keyword, value)
        if keyword == "Content-type":
            if getattr(self, "_gzip_of", None) is not None:
                super().send_header("Content-Encoding", "gzip")
            super().send_header("Vary", "Accept-Encoding")

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")  # always ask: 304 when nothing changed
        super().end_headers()


def serve(folder: Path, port: int, bind: str = "127.0.0.1") -> None:
    handler = functools.partial(SiteHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer((bind, port), handler) as server:
        print(f"Serving {folder} at http://{bind}:{port}/ (Ctrl+C to stop)", flush=True)
        server.serve_forever()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the built site, compressed, always fresh.")
    parser.add_argument("folder", nargs="?", default="_site")
    parser.add_argument("port", nargs="?", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1", help="the address to listen on (0.0.0.0: the whole network)")
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    if not (folder / "index.html").is_file():
        parser.error(f"{folder} holds no built site (no index.html): build it with bash bin/site {folder}")
    try:
        serve(folder.resolve(), args.port, args.bind)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
