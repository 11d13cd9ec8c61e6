# Sourced by bin/lessons, bin/test and bin/lock: make .venv with this project installed at
# exactly the versions of uv.lock, with the extras in RALLY_EXTRAS ("lab" for the lessons,
# "lab,test" for the tests). Installs again only when the lock, the Jupyter settings (or
# how they are installed) change, or when an extra is missing.
# Needs only python3 (3.11+) and the package registry. Sets ROOT, VENV, PY and UV.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${RALLY_VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
UV="$VENV/bin/uv"
#: The version of uv that installs the lock (pip puts it in the venv first; the lock's tools
#: group holds the same version, tests/setup/test_lock.py checks).
UV_VERSION="0.13.8"
if [ ! -x "$PY" ]; then
  echo "Creating $VENV ..." >&2
  python3 -m venv "$VENV"
fi
if [ "$("$UV" --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
  "$PY" -m pip install --quiet --disable-pip-version-check "uv==$UV_VERSION" >&2
fi
EXTRAS="${RALLY_EXTRAS:-lab}"
STAMP="$VENV/.rally-installed"
# pyproject.toml too: changed without the lock, the sync below stops and says so (--locked).
HASH="$(cat "$ROOT/pyproject.toml" "$ROOT/uv.lock" "$ROOT/binder/overrides.json" "$ROOT/binder/jupyter_server_config.json" \
  "$ROOT/binder/jupyter_server_config.py" \
  "$ROOT/bin/quiet-lab" "$ROOT"/binder/voila/rally/* | sha256sum | cut -c1-16)"
# The stamp holds the hash and the extras installed with it ("<hash> lab,test"); what is
# installed stays installed: the tests' tools are not removed to open the lessons.
HAD=""
INSTALLED=""
if [ -f "$STAMP" ]; then read -r HAD INSTALLED < "$STAMP" || true; fi
ALL="$INSTALLED"
for extra in ${EXTRAS//,/ }; do
  case ",$ALL," in *",$extra,"*) ;; *) ALL="${ALL:+$ALL,}$extra" ;; esac
done
if [ "$HAD" != "$HASH" ] || [ "$ALL" != "$INSTALLED" ]; then
  echo "Installing Rally Notebooks ($ALL) at the versions of uv.lock into $VENV ..." >&2
  EXTRA_ARGS=()
  for extra in ${ALL//,/ }; do EXTRA_ARGS+=(--extra "$extra"); done
  # --locked: a pyproject.toml the lock no longer matches is an error (bash bin/lock updates
  # the lock), never a silent new resolution. The venv becomes exactly the lock: what it
  # held from an older lock (or an install before the lock) goes; pip and uv are locked too.
  # python3 -m venv seeds setuptools (Python 3.11), which uv leaves alone: nothing here needs it.
  "$UV" pip uninstall --python "$PY" --quiet setuptools 2>/dev/null || true
  UV_PROJECT_ENVIRONMENT="$VENV" "$UV" sync --project "$ROOT" --locked --no-python-downloads \
    "${EXTRA_ARGS[@]}" --group tools >&2
  bash "$ROOT/bin/quiet-lab" "$PY"   # no news pop-up for learners
  echo "$HASH $ALL" > "$STAMP"
fi
