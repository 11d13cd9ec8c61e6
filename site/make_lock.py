"""Write the site's pyodide-lock.json and the Pyodide kernel's settings (used by bin/site).

The ``pyodide`` package on the npm registry holds only Pyodide's core; its lock names
~350 packages that are not in it (Pyodide fetches them from a CDN). The site's lock lists
only the wheels the site ships, each with its sha256 (Pyodide checks it), its
dependencies (read from the wheel's metadata, for Pyodide's Python) and where it lies
relative to the lock. The kernel then loads them when it starts
(``loadPyodideOptions.packages``), in parallel and without micropip, so ``from widgets
import ...`` works in the first cell and nothing is fetched from elsewhere.

All but Plotly (:data:`ON_IMPORT`): a lesson without a figure never needs its 7 MB (with
narwhals) nor the second it takes to unpack. The Pyodide kernel loads, before it runs a
cell, every package of the lock that the cell's ``import`` lines name
(``pyodide.loadPackagesFromImports``); the site's copy of each lesson that draws says
``import plotly`` in its first cell (site/stage_notebooks.py). That works everywhere
(Python does not wait inside a cell: the kernel loads first, then runs it), in Safari too,
and before any button's handler can draw. The project's own package therefore does not
list Plotly among its dependencies here: it imports Plotly only at the first figure.

Usage: python make_lock.py NPM_LOCK OUT_LOCK JUPYTER_LITE_JSON PREFIX=DIR [PREFIX=DIR ...]
  NPM_LOCK           pyodide-lock.json of the npm package (its "info" is kept)
  OUT_LOCK           the lock to write
  JUPYTER_LITE_JSON  the site's jupyter-lite.json, whose kernel settings are updated
  PREFIX=DIR         the wheels in DIR, found by Pyodide at PREFIX/<wheel> (relative to the lock)
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
import sys
import zipfile
from email.parser import HeaderParser

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

#: Pyodide 314.0.6's Python, for the environment markers of the wheels' requirements.
PYODIDE_ENV = {
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "platform_release": "",
    "platform_version": "",
    "os_name": "posix",
    "implementation_name": "cpython",
    "implementation_version": "3.14.2",
    "platform_python_implementation": "CPython",
    "extra": "",
}

#: Requirements the site leaves out on purpose: ipywidgets' front end, which the site has
#: as a JupyterLab extension (jupyterlab_widgets), not as a Python package in the kernel.
NOT_SHIPPED = {"widgetsnbextension", "jupyterlab-widgets"}

#: The names the kernel checks in ``loadPyodideOptions.packages`` to skip installing them
#: with piplite one by one (jupyterlite-pyodide-kernel 0.8.6's worker).
KERNEL_NAMES = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

#: Packages loaded when a cell imports them, not when the kernel starts (see above).
ON_IMPORT = {"plotly"}
#: The packages the kernel starts with are those of the kernel and the project's own, with
#: what they need.
PROJECT = "rally-notebooks"


def metadata(wheel: pathlib.Path) -> tuple[object, list[str]]:
    """The wheel's METADATA headers and its top-level import names."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta_name = next(n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))
        meta = HeaderParser().parsestr(z.read(meta_name).decode("utf-8"))
        top = [n for n in names if re.fullmatch(r"[^/]+\.dist-info/top_level\.txt", n)]
        if top:
            imports = [line.strip() for line in z.read(top[0]).decode().splitlines() if line.strip()]
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if not n.split("/")[0].endswith((".dist-info", ".data"))
                              and (n.endswith(".py") or "/" in n)})
    imports = [i for i in imports if i.isidentifier() and not i.startswith("_")] or imports
    return meta, imports


def main(argv: list[str]) -> int:
    npm_lock, out_lock, lite_json, *sources = argv
    info = json.loads(pathlib.Path(npm_lock).read_text(encoding="utf-8"))["info"]
    wheels: dict[str, dict] = {}
    for source in sources:
        prefix, _, folder = source.partition("=")
        for wheel in sorted(pathlib.Path(folder).glob("*.whl")):
            name, version, _, tags = parse_wheel_filename(wheel.name)
            if not any(t.platform == "any" for t in tags):
                raise SystemExit(f"{wheel.name} is not a pure-Python wheel: Pyodide cannot use it")
            key = canonicalize_name(name)
            if key in wheels:
                continue  # the first folder given wins (the kernel's own shims come last)
            meta, imports = metadata(wheel)
            wheels[key] = {"wheel": wheel, "url": f"{prefix.rstrip('/')}/{wheel.name}",
                           "name": str(name), "version": str(version), "meta": meta, "imports": imports}

    packages = {}
    problems = []
    for key, w in sorted(wheels.items()):
        depends = []
        for line in w["meta"].get_all("Requires-Dist") or []:
            req = Requirement(line)
            if req.marker is not None and not Marker(str(req.marker)).evaluate(PYODIDE_ENV):
                continue
            dep = canonicalize_name(req.name)
            if dep in NOT_SHIPPED:
                continue
            if dep not in wheels:
                problems.append(f"{w['name']} {w['version']} needs {req}, which the site does not ship")
                continue
            if not req.specifier.contains(wheels[dep]["version"], prereleases=True):
                problems.append(f"{w['name']} {w['version']} needs {req}, the site ships {wheels[dep]['version']}")
            if dep in ON_IMPORT and key == PROJECT:
                continue  # the project imports it at its first figure; a cell's import loads it
            depends.append(dep)
        packages[key] = {
            "name": w["name"],
            "version": w["version"],
            "file_name": w["url"],
            "install_dir": "site",
            "sha256": hashlib.sha256(w["wheel"].read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": w["imports"],
            "depends": sorted(set(depends)),
            "unvendored_tests": False,
        }
    if problems:
        print("make_lock: the wheels do not fit together:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    pathlib.Path(out_lock).write_text(json.dumps({"info": info, "packages": packages}, indent=1, sort_keys=True),
                                      encoding="utf-8")

    # The kernel starts with its own packages and the project's, and what they need; the
    # names it looks for come first. The rest is loaded by a cell's import (ON_IMPORT).
    missing = [n for n in [*KERNEL_NAMES, PROJECT] if n not in packages]
    if missing:
        print(f"make_lock: the kernel needs {', '.join(missing)}, which the site does not ship", file=sys.stderr)
        return 1
    at_start = needed(packages, [*KERNEL_NAMES, PROJECT])
    on_import = needed(packages, sorted(ON_IMPORT & set(packages))) - at_start
    unused = sorted(set(packages) - at_start - on_import)
    if unused:
        print(f"make_lock: nothing loads {', '.join(unused)}: leave it out of site/runtime.txt", file=sys.stderr)
        return 1
    preload = KERNEL_NAMES + sorted(at_start - set(KERNEL_NAMES))
    lite = pathlib.Path(lite_json)
    config = json.loads(lite.read_text(encoding="utf-8")) if lite.exists() else {}
    config.setdefault("jupyter-lite-schema-version", 0)
    data = config.setdefault("jupyter-config-data", {})
    kernel = data.setdefault("litePluginSettings", {}).setdefault(KERNEL_PLUGIN, {})
    kernel.setdefault("loadPyodideOptions", {})["packages"] = preload
    lite.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    size = lambda names: sum(wheels[n]["wheel"].stat().st_size for n in names) / 1e6  # noqa: E731
    print(f"make_lock: {len(packages)} packages in {out_lock}: {len(at_start)} loaded at start "
          f"({size(at_start):.1f} MB of wheels), {', '.join(sorted(on_import))} when a cell imports "
          f"{', '.join(sorted(ON_IMPORT))} ({size(on_import):.1f} MB)")
    return 0


def needed(packages: dict[str, dict], names: list[str]) -> set[str]:
    """``names`` and every package they depend on, as the lock says."""
    found: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo += packages[name]["depends"]
    return found


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
