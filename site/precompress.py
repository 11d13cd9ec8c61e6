"""Finish a built site for serving: every file dated now, and a gzip twin beside each file
that shrinks.

- **Dates.** Files copied out of wheels and npm packages keep dates like 1985-10-26, and a
  browser takes a file's age as a sign of how long it may keep it without asking: years.
  Dated at the build, every file is new to a returning browser, and ``site/serve.py``'s
  ``Last-Modified`` is the build's time.
- **Gzip twins.** ``name.gz`` beside ``name`` for text, JavaScript, WebAssembly and
  uncompressed archives (Pyodide's standard library), written once at build time at the
  highest level and with no time in their header (the same bytes every build), kept only
  when at least a tenth smaller. ``site/serve.py`` sends them to browsers that accept gzip.

Usage: ``python site/precompress.py _site`` (``bin/site`` runs it last).

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     page = pathlib.Path(d, "app.js"); _ = page.write_text("let x = 1;\\n" * 500)
...     done = finish(pathlib.Path(d))
...     sorted(p.name for p in pathlib.Path(d).iterdir()), done.twins
(['app.js', 'app.js.gz'], 1)
"""

from __future__ import annotations

import gzip
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

#: What is worth compressing, by suffix (wheels and pictures are compressed already).
SUFFIXES = {".js", ".mjs", ".css", ".html", ".json", ".wasm", ".svg", ".map", ".ipynb", ".txt", ".zip", ".md"}
#: Smaller files are sent as they are.
SMALLEST = 1024
#: A twin is kept only when it is at most this share of the file.
KEEP_BELOW = 0.9


@dataclass
class Finished:
    files: int = 0
    twins: int = 0
    bytes_before: int = 0  # of the files that got a twin
    bytes_after: int = 0  # their twins


def finish(folder: Path, now: float | None = None) -> Finished:
    """Date every file of ``folder`` ``now`` (default: this moment) and write the gzip twins."""
    stamp = time.time() if now is None else now
    done = Finished()
    for old in list(folder.rglob("*.gz")):
        if old.with_name(old.name[:-3]).is_file():
            old.unlink()  # a twin from an earlier run: made again below
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        done.files += 1
        if path.suffix == ".gz":  # a file of the site that is gzip already: sent as it is
            os.utime(path, (stamp, stamp))
            continue
        if path.suffix in SUFFIXES and path.stat().st_size >= SMALLEST:
            data = path.read_bytes()
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) <= KEEP_BELOW * len(data):
                twin = path.with_name(path.name + ".gz")
                twin.write_bytes(packed)
                os.utime(twin, (stamp, stamp))
                done.twins += 1
                done.bytes_before += len(data)
                done.bytes_after += len(packed)
        os.utime(path, (stamp, stamp))
    return done


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python site/precompress.py <built site folder>", file=sys.stderr)
        return 2
    done = finish(Path(argv[0]))
    mb = 1_000_000
    print(f"{done.files} files dated now; {done.twins} gzip twins: {done.bytes_before / mb:.1f} MB -> "
          f"{done.bytes_after / mb:.1f} MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
