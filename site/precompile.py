"""Add compiled bytecode (``__pycache__/*.cpython-314.pyc``) to the site's wheels, so the
kernel in the browser imports without compiling first (about 2.8 s of its start here).

Runs inside Pyodide (``site/precompile.mjs``), because only Pyodide's own Python makes
bytecode its Python reads; nothing else here is Python 3.14. Only the modules a lesson's
kernel imports are compiled (:data:`WARM_UP` runs with the wheels unpacked, and
``sys.modules`` says which files it read): compiling all of them would add 12 MB to the
site, mostly Plotly's thousand classes no lesson draws. Each wheel in the folder given is
rewritten in place: every entry kept as it was (the sources stay, so tracebacks still
show lines), a ``.pyc`` beside each module compiled (unchecked-hash: the sources never
change on the site, so the import never reads them to check), and the new files listed
in the wheel's RECORD. Entry times come from the wheel itself, so a rebuild gives the
same bytes. A wheel that has bytecode already is left alone.

Usage (in Pyodide): python precompile.py WHEEL_DIR
"""

from __future__ import annotations

import importlib.util
import io
import marshal
import pathlib
import sys
import zipfile

TAG = sys.implementation.cache_tag  # "cpython-314"


def pyc_name(source: str) -> str:
    folder, _, name = source.rpartition("/")
    return f"{folder + '/' if folder else ''}__pycache__/{name[:-3]}.{TAG}.pyc"


#: The flags of a hash-based pyc whose source is never checked (PEP 552).
UNCHECKED_HASH = (0b01).to_bytes(4, "little")


def compiled(source: bytes, name: str) -> bytes:
    """The pyc of ``source`` (PEP 552 header: magic, flags, the source's hash; then the code)."""
    code = compile(source, name, "exec", dont_inherit=True, optimize=0)
    return importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source) + marshal.dumps(code)


def precompile(wheel: pathlib.Path, wanted: set[str]) -> int:
    """Rewrite ``wheel`` with bytecode added for the files in ``wanted``; the number of
    modules compiled."""
    with zipfile.ZipFile(wheel) as old:
        entries = [(info, old.read(info)) for info in old.infolist()]
    names = {info.filename for info, _ in entries}
    if any(name.endswith(".pyc") for name in names):
        return 0
    added: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename not in wanted or pyc_name(info.filename) in names:
            continue
        try:
            pyc = compiled(data, info.filename)
        except SyntaxError:  # a file not meant to be imported (a template, a test fixture)
            continue
        new = zipfile.ZipInfo(pyc_name(info.filename), date_time=info.date_time)
        new.compress_type = zipfile.ZIP_DEFLATED
        new.external_attr = info.external_attr
        added.append((new, pyc))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new_wheel:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                # Bytecode may be listed without a hash (the wheel spec allows it for pyc).
                data = data.rstrip(b"\n") + b"\n" + b"".join(f"{i.filename},,\n".encode() for i, _ in added)
            new_wheel.writestr(info, data)
        for info, data in added:
            new_wheel.writestr(info, data)
    wheel.write_bytes(out.getvalue())
    return len(added)


#: What a lesson's kernel imports: the kernel's start, the widgets and every figure kind.
WARM_UP = """
import IPython, micropip, comm, ipywidgets, anywidget, plotly.graph_objects
import widgets, rally
from rally import TRACKS, examples, advise, review
from widgets import TrackFigure
from widgets.stich_rallye.advice_chart import AdviceChart
from widgets.stich_rallye.game_review import ReviewChart
from widgets.rally_run.memory_chart import MemoryChart
from plotly.graph_objects import Bar, Scatter, Layout
figure = TrackFigure(TRACKS["volcano"], positions=[0, 0, 3, 8], names=["Ada", "Bo", "Cy", "Di"])
figure.plot.add_bar(x=[1], y=[1], error_y={"array": [0.1]})
"""


def imported_by_lessons(wheels: list[pathlib.Path], scratch: pathlib.Path) -> set[str]:
    """The files (as paths inside their wheels) that :data:`WARM_UP` imports, with the
    wheels unpacked under ``scratch``."""
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            z.extractall(scratch)
    sys.path.insert(0, str(scratch))
    exec(WARM_UP, {})
    root = str(scratch) + "/"
    return {file[len(root):] for module in list(sys.modules.values())
            if (file := getattr(module, "__file__", None) or "").startswith(root) and file.endswith(".py")}


def main(folder: str, scratch: str = "/tmp/precompile") -> int:
    wheels = sorted(pathlib.Path(folder).glob("*.whl"))
    wanted = imported_by_lessons(wheels, pathlib.Path(scratch))
    for wheel in wheels:
        count = precompile(wheel, wanted)
        print(f"precompile: {wheel.name}: {count} modules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
