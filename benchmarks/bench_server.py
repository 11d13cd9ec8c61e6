"""Whether ``bin/serve-site`` holds a class: 30 first visits to a lesson at the same moment.

The visit is what Chromium asked the server for on a real first visit (a fresh profile) to
a lesson on the site, from the page's load until the whole site was saved for offline use
(site/offline-worker.js saves it once the lesson is live), in the order the server
answered, as the server saw it: the page's requests, its web workers' and its service
worker's. It is recorded here in Debian's Chromium (playwright) from the built site, or
read from a file an earlier run saved (``--save-visit``, ``--visit``).

Then ``bin/serve-site`` serves the site as a teacher starts it (a process of its own, its
own settings), and 30 clients start the visit at the same moment, each as a browser does:
6 connections kept open, the next request of the visit on whichever is free (sooner than a
browser, which asks for a file only once the script that needs it has run), Chromium's
``Accept-Encoding``, and ``If-Modified-Since`` (the file's date) where the browser asked
again for a file it had (the server answered 304). A connection the server closed while
idle is opened again and the request sent again, as a browser does; a request still
without an answer after ``--patience`` seconds is unanswered. Printed: the requests,
those unanswered or answered with another status than the browser got, the slowest, the
median and 95th percentile, the slowest visit and the whole run's time; the exit status is
1 if a request went unanswered or wrong. ``--busy`` keeps every core busy with other work
meanwhile (one spinning process a core).

    python benchmarks/bench_server.py _site                                  # records, replays
    python benchmarks/bench_server.py _site --save-visit /tmp/visit.txt
    python benchmarks/bench_server.py _site --visit /tmp/visit.txt --busy

Recording needs Chromium and playwright (``bash bin/install-browser``); replaying a saved
visit needs neither. Timed here, never in the tests (tests/site/test_site_server.py).
"""

from __future__ import annotations

import argparse
import functools
import http.client
import os
import queue
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass
from email.utils import formatdate
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness import lab as _lab, site as _site  # noqa: E402

#: What Chromium says it accepts.
ACCEPT_ENCODING = "gzip, deflate, br, zstd"
#: A line of a saved visit: method, path as sent, and the status the browser got.
VISIT_LINE = re.compile(r"(GET|HEAD) (\S+) (\d{3})")


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    status: int  # what the browser got: 200, or 304 for a file it asked for again

    def line(self) -> str:
        return f"{self.method} {self.path} {self.status}"


@dataclass(frozen=True)
class Answer:
    seconds: float
    status: int | None  # None: no answer
    expected: int


def record(folder: Path, lesson: str) -> list[Request]:
    """A first visit to ``lesson`` in Chromium, a fresh profile, until the site is saved for
    offline use: every request the server answered, in order (served by site/serve.py's
    handler in this process, which lists them)."""
    from playwright.sync_api import sync_playwright

    import bench_browser

    serve = _site.site_module("serve")
    seen: list[Request] = []
    lock = threading.Lock()

    class Listing(serve.SiteHandler):
        def log_request(self, code: object = "-", size: object = "-") -> None:
            method, path = self.requestline.split()[:2]  # self.path may name a gzip twin
            with lock:
                seen.append(Request(method, path, int(str(getattr(code, "value", code)))))

        def log_message(self, *args: object) -> None:
            pass

    server = serve.SiteServer(("127.0.0.1", 0), functools.partial(Listing, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}"
    app = "de/lab" if lesson.startswith("de/") else "lab"
    profile = tempfile.mkdtemp(prefix="rally-profile-")
    recorder = _site.LeaveRecorder()
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=_lab.CHROMIUM, headless=True, viewport=_lab.WINDOW,
                args=_site.chromium_args(recorder))
            context.add_init_script(bench_browser.SITE_MARKS)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(f"{site}/{app}/index.html?path={urllib.parse.quote(f'notebooks/{lesson}')}")
            _site.wait_until_live(page, f"notebooks/{lesson}")
            page.wait_for_function("() => 'saved' in window.__rallyMarks", timeout=300_000, polling=200)
            context.close()
    finally:
        recorder.close()
        server.shutdown()
        server.server_close()
        shutil.rmtree(profile, ignore_errors=True)
    return seen


def read_visit(path: Path) -> list[Request]:
    visit = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        read = VISIT_LINE.fullmatch(line.strip())
        if read is None:
            raise SystemExit(f"{path}:{number}: not a request line (GET /path 200): {line!r}")
        visit.append(Request(read[1], read[2], int(read[3])))
    return visit


def file_date(folder: Path, path: str) -> str:
    """The date a browser would send again for ``path``: its file's, as the server gave it."""
    name = urllib.parse.unquote(path.split("?", 1)[0])
    file = folder / name.lstrip("/")
    if file.is_dir():
        file = file / "index.html"
    return formatdate(int(file.stat().st_mtime), usegmt=True)


class Browser:
    """One client: a visit's requests over ``connections`` kept-open connections."""

    def __init__(self, port: int, visit: list[Request], dates: dict[str, str], connections: int,
                 patience: float) -> None:
        self.port, self.dates, self.connections, self.patience = port, dates, connections, patience
        self.todo: queue.SimpleQueue[Request] = queue.SimpleQueue()
        for request in visit:
            self.todo.put(request)
        self.answers: list[Answer] = []
        self.started = self.ended = 0.0

    def run(self, start: threading.Barrier) -> None:
        start.wait()
        self.started = time.perf_counter()
        workers = [threading.Thread(target=self._connection) for _ in range(self.connections)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        self.ended = time.perf_counter()

    def _connection(self) -> None:
        conn: http.client.HTTPConnection | None = None
        used = False  # whether this connection answered before (the server may close it idle)
        while True:
            try:
                request = self.todo.get_nowait()
            except queue.Empty:
                break
            headers = {"Accept-Encoding": ACCEPT_ENCODING}
            if request.status == 304:
                headers["If-Modified-Since"] = self.dates[request.path]
            t0 = time.perf_counter()
            status = None
            for _attempt in range(2):
                if conn is None:
                    conn, used = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.patience), False
                this = conn
                try:
                    this.request(request.method, request.path, headers=headers)
                    response = this.getresponse()
                    response.read()
                    status = response.status
                    if response.will_close:
                        this.close()
                        conn = None
                    else:
                        used = True
                    break
                except (OSError, http.client.HTTPException):
                    this.close()
                    conn = None
                    if not used:
                        break
            self.answers.append(Answer(time.perf_counter() - t0, status, request.status))
        if conn is not None:
            conn.close()


def replay(folder: Path, visit: list[Request], clients: int, connections: int, patience: float) -> bool:
    """Each client's visit at once; prints the figures, and whether every request was answered
    as the browser's was."""
    dates = {r.path: file_date(folder, r.path) for r in visit if r.status == 304}
    with _site.StaticSite(folder) as site:  # bin/serve-site, as the README starts it
        browsers = [Browser(site.port, visit, dates, connections, patience) for _ in range(clients)]
        start = threading.Barrier(clients + 1)
        threads = [threading.Thread(target=b.run, args=(start,)) for b in browsers]
        for thread in threads:
            thread.start()
        start.wait()
        t0 = time.perf_counter()
        for thread in threads:
            thread.join()
        total = time.perf_counter() - t0
    answers = [a for b in browsers for a in b.answers]
    unanswered = sum(a.status is None for a in answers)
    wrong = sum(a.status is not None and a.status != a.expected for a in answers)
    seconds = sorted(a.seconds for a in answers if a.status is not None)
    p95 = statistics.quantiles(seconds, n=20)[-1] if len(seconds) > 1 else seconds[0]
    print(f"  {len(answers)} requests ({clients} visits of {len(visit)}), {unanswered} unanswered, "
          f"{wrong} answered with another status than the browser's")
    print(f"  answered in: median {statistics.median(seconds):.3f} s, 95th percentile {p95:.3f} s, "
          f"slowest {seconds[-1]:.2f} s")
    print(f"  the slowest visit {max(b.ended - b.started for b in browsers):.1f} s, all {total:.1f} s")
    return unanswered == wrong == 0


def main() -> int:
    import bench_browser

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default="_site", type=Path, help="a site built by bin/site")
    parser.add_argument("--lesson", default="01_tricks.ipynb", help="the lesson to record a visit to")
    parser.add_argument("--visit", type=Path, help="a visit saved before: no recording")
    parser.add_argument("--save-visit", type=Path, help="where to save the recorded visit")
    parser.add_argument("--clients", type=int, default=30)
    parser.add_argument("--connections", type=int, default=6, help="connections a client keeps (Chromium: 6)")
    parser.add_argument("--patience", type=float, default=60.0, help="seconds a client waits for an answer")
    parser.add_argument("--busy", action="store_true", help="every core busy with other work meanwhile")
    args = parser.parse_args()
    folder = args.folder.resolve()
    if not (folder / "index.html").is_file():
        parser.error(f"{folder} holds no built site: build it with bash bin/site {args.folder}")
    if args.visit:
        visit = read_visit(args.visit)
        print(f"a first visit read from {args.visit}: {len(visit)} requests")
    else:
        visit = record(folder, args.lesson)
        print(f"a first visit to {args.lesson} recorded in Chromium: {len(visit)} requests "
              f"({sum(r.status == 304 for r in visit)} asked again, 304)")
        if args.save_visit:
            args.save_visit.write_text("".join(r.line() + "\n" for r in visit), encoding="utf-8")
    print(f"{args.clients} first visits at once, {args.connections} connections each, to bin/serve-site"
          f"{', every core also busy with a spinning process' if args.busy else ''}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with bench_browser.busy_cores(args.busy):
        return 0 if replay(folder, visit, args.clients, args.connections, args.patience) else 1


if __name__ == "__main__":
    sys.exit(main())
