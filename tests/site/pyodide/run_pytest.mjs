// Run pytest inside Pyodide, in Node.js: the Python the static site runs in the browser.
//
//   node tests/site/pyodide/run_pytest.mjs PYODIDE_DIR DEPS_DIR -- <pytest arguments>
//
// PYODIDE_DIR holds the npm package `pyodide` (pyodide.mjs and its core files, as bin/site
// ships them); DEPS_DIR the test tools unpacked for Pyodide's Python. The repository is
// mounted at /repo (read-write: pytest may write its caches there unless told not to).
// Nothing is fetched: Pyodide loads only from PYODIDE_DIR. Exits with pytest's exit code.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, depsDir, sep, ...args] = process.argv.slice(2);
if (!pyodideDir || !depsDir || sep !== "--") {
  console.error("usage: node run_pytest.mjs PYODIDE_DIR DEPS_DIR -- <pytest arguments>");
  process.exit(2);
}
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
// Raw writes, so pytest's progress dots stay on one line.
pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });
for (const [host, mount] of [[repo, "/repo"], [path.resolve(depsDir), "/deps"]]) {
  pyodide.FS.mkdirTree(mount);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, mount);
}
pyodide.globals.set("pytest_args", pyodide.toPy(args));
let code;
try {
  code = pyodide.runPython(`
import os, sys, platform
sys.path[:0] = ["/deps", "/repo"]
os.chdir("/repo")
print(f"Python {platform.python_version()} on {sys.platform} (Pyodide)")
import pytest
int(pytest.main(list(pytest_args)))
`);
} catch (error) {  // a Python error before pytest ran: its message, not Pyodide's source
  console.error(String(error.message || error));
  process.exit(3);
}
process.exit(code);
