"""Leave out of the site's wheels what the lessons never load (used by bin/site).

Plotly's wheel (11 MB, a quarter of a first visit) carries plotly.js four times: the
widget's front end ``plotly/package_data/widgetbundle.js``, which the lessons use
(:class:`widgets.plotly_view.PlotlyBundle`), and three copies no kernel in the browser
reads: ``plotly.min.js`` for HTML export (``write_html``, ``get_plotlyjs``) and JupyterLab's
front end for Plotly, twice (the site ships anywidget's instead). Its sample data sets are
for ``plotly.express.data``, which no lesson opens. Each wheel is unpacked and packed again
with pypa's ``wheel`` tool, which writes a RECORD that lists what is left.

Usage: python slim_wheels.py WHEEL_DIR
"""

from __future__ import annotations

import calendar
import fnmatch
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import zipfile

#: Per distribution, the paths (glob patterns, inside the wheel) the site leaves out.
LEFT_OUT = {
    "plotly": [
        "plotly/package_data/plotly.min.js",
        "plotly/package_data/datasets/*",
        "plotly/labextension/*",
        "plotly-*.data/data/share/jupyter/labextensions/*",
    ],
}


def left_out(distribution: str, path: str) -> bool:
    return any(fnmatch.fnmatch(path, pattern) for pattern in LEFT_OUT.get(distribution, []))


def slim(wheel: pathlib.Path) -> tuple[int, int]:
    """Rewrite ``wheel`` without the files :data:`LEFT_OUT` names; its sizes before and after."""
    distribution = wheel.name.split("-")[0].lower()
    before = wheel.stat().st_size
    if distribution not in LEFT_OUT:
        return before, before
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        subprocess.run([sys.executable, "-m", "wheel", "unpack", "--dest", str(work / "unpacked"), str(wheel)],
                       check=True, capture_output=True)
        (root,) = (work / "unpacked").iterdir()
        removed = 0
        for path in sorted(root.rglob("*")):
            if path.is_file() and left_out(distribution, path.relative_to(root).as_posix()):
                path.unlink()
                removed += 1
        if removed == 0:
            raise SystemExit(f"slim_wheels: nothing of {LEFT_OUT[distribution]} is in {wheel.name}: update site/slim_wheels.py")
        for folder in sorted((p for p in root.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
            if not any(folder.iterdir()):
                folder.rmdir()
        (work / "packed").mkdir()
        # Entries dated as in the wheel itself, so a rebuild gives the same bytes.
        with zipfile.ZipFile(wheel) as z:
            dated = calendar.timegm((*z.infolist()[0].date_time, 0, 0, 0))
        subprocess.run([sys.executable, "-m", "wheel", "pack", "--dest-dir", str(work / "packed"), str(root)],
                       check=True, capture_output=True, env={**os.environ, "SOURCE_DATE_EPOCH": str(dated)})
        (packed,) = (work / "packed").glob("*.whl")
        if packed.name != wheel.name:
            raise SystemExit(f"slim_wheels: {wheel.name} came back as {packed.name}")
        shutil.move(packed, wheel)
    return before, wheel.stat().st_size


def main(folder: str) -> int:
    for wheel in sorted(pathlib.Path(folder).glob("*.whl")):
        before, after = slim(wheel)
        if after != before:
            print(f"slim_wheels: {wheel.name} {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
