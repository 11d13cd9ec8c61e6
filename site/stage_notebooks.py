"""Copy the lessons into the site (used by bin/site), changed only where JupyterLite needs it.

- The kernel: the lessons name JupyterLab's ``python3``; the site's kernel is Pyodide's
  ``python``. Without this JupyterLite asks the learner to choose a kernel on every lesson.
- Multi-line text kept as a list of lines (as nbformat writes it): JupyterLite 0.8.6 shows
  a stored stream output's lines joined with commas, so the site keeps each text whole.

The lessons' words, cells and outputs stay the same; the repository's files are not touched.
Usage: python stage_notebooks.py SOURCE_DIR DEST_DIR
"""

from __future__ import annotations

import json
import pathlib
import shutil
import sys

KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def joined(value):
    return "".join(value) if isinstance(value, list) else value


def stage(notebook: dict) -> dict:
    notebook.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
    for cell in notebook.get("cells", []):
        cell["source"] = joined(cell.get("source", ""))
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = joined(output["text"])
            for mime, value in (output.get("data") or {}).items():
                if isinstance(value, list) and not mime.endswith("json"):
                    output["data"][mime] = joined(value)
    return notebook


def main(source: str, dest: str) -> int:
    src, out = pathlib.Path(source), pathlib.Path(dest)
    for path in sorted(src.rglob("*")):
        if any(part in (".ipynb_checkpoints", "__pycache__") for part in path.relative_to(src).parts):
            continue
        target = out / path.relative_to(src)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif path.suffix == ".ipynb":
            target.parent.mkdir(parents=True, exist_ok=True)
            notebook = stage(json.loads(path.read_text(encoding="utf-8")))
            target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
