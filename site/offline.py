"""Make the site work offline after one visit (used by bin/site, after every other step
that adds files, before site/precompress.py).

JupyterLite's service worker (``service-worker.js``, registered by every app page) is kept
as ``jupyterlite-service-worker.js``; ``service-worker.js`` becomes site/offline-worker.js,
which loads it, with the build's ``VERSION`` (a hash of every file's path and contents) and
``FILES`` (every file a browser may ask for: the front pages, both apps, the kernel, the
wheels and every lesson, each with a hash of its contents) filled in. A new build therefore
has a new worker, which browsers install on their next visit, and a new cache, which
replaces the old one; the files whose hash is unchanged it copies from the old one.

Usage: python offline.py SITE_DIR
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
WORKER = "service-worker.js"
JUPYTERLITE_WORKER = "jupyterlite-service-worker.js"
#: Never asked for by a browser: build configuration, and the compressed twins (a server
#: sends those in place of the files they copy).
NOT_SAVED = ("rspack.config.js", "rspack.config.analyze.js", "rspack.config.watch.js", "package.json")


def saved_files(site: pathlib.Path) -> list[str]:
    """Every file of the site a browser may ask for, as paths relative to the site."""
    files = []
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if not path.is_file() or path.suffix == ".gz" or relative in NOT_SAVED or relative == WORKER:
            continue
        if path.name.endswith(".doit.db"):
            continue
        files.append(relative)
    return files


def contents(site: pathlib.Path, files: list[str]) -> dict[str, str]:
    """Each file's path and a hash of its contents (what tells a new build's worker that an
    older build saved the same file)."""
    return {name: hashlib.sha256((site / name).read_bytes()).hexdigest()[:16] for name in files}


def version(hashes: dict[str, str]) -> str:
    """The build's version: a hash of every file's path and contents."""
    digest = hashlib.sha256()
    for name, content in hashes.items():
        digest.update(name.encode() + b"\0" + content.encode())
    return digest.hexdigest()[:16]


def make_offline(site: pathlib.Path) -> tuple[str, int]:
    worker, kept = site / WORKER, site / JUPYTERLITE_WORKER
    if not kept.exists():
        if not worker.exists() or "sw-api" not in worker.read_text(encoding="utf-8"):
            raise SystemExit(f"{worker} is not JupyterLite's service worker: update site/offline.py")
        worker.rename(kept)
    hashes = contents(site, saved_files(site))
    build = version(hashes)
    text = (HERE / "offline-worker.js").read_text(encoding="utf-8")
    text = text.replace('"__VERSION__"', json.dumps(build)).replace("__FILES__", json.dumps(hashes, indent=0))
    worker.write_text(text, encoding="utf-8")
    return build, len(hashes)


if __name__ == "__main__":
    build, count = make_offline(pathlib.Path(sys.argv[1]))
    print(f"offline: {count} files saved by the service worker, version {build}")
