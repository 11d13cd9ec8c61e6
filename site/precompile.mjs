// Run site/precompile.py in Pyodide, in Node.js, on a folder of wheels (see that file).
//
//   node site/precompile.mjs PYODIDE_DIR WHEEL_DIR
//
// PYODIDE_DIR is the npm package `pyodide` the site ships (bin/fetch-pyodide). Nothing is
// fetched. Exits with the script's exit code.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, wheelDir] = process.argv.slice(2);
if (!pyodideDir || !wheelDir) {
  console.error("usage: node precompile.mjs PYODIDE_DIR WHEEL_DIR");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
for (const [host, mount] of [[here, "/site"], [path.resolve(wheelDir), "/wheels"]]) {
  pyodide.FS.mkdirTree(mount);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, mount);
}
try {
  process.exit(pyodide.runPython(`
import runpy, sys
sys.argv = ["precompile.py", "/wheels"]
int(runpy.run_path("/site/precompile.py", run_name="not_main")["main"]("/wheels"))
`));
} catch (error) {
  console.error(String(error.message || error));
  process.exit(3);
}
