# Sourced by bin/lessons and bin/test: make .venv with this project installed, once, with
# the extras in RALLY_EXTRAS ("lab" for the lessons, "lab,test" for the tests). Reinstalls
# when pyproject.toml or the Jupyter settings (or how they are installed) change, or when an
# extra is missing.
# Needs only python3 (3.11+) and the package registry.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${RALLY_VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
if [ ! -x "$PY" ]; then
  echo "Creating $VENV ..." >&2
  python3 -m venv "$VENV"
fi
EXTRAS="${RALLY_EXTRAS:-lab}"
STAMP="$VENV/.rally-installed"
HASH="$(cat "$ROOT/pyproject.toml" "$ROOT/binder/overrides.json" "$ROOT/binder/jupyter_server_config.json" "$ROOT/bin/quiet-lab" | sha256sum | cut -c1-16)"
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
  NEED="$ALL"
  echo "Installing Rally Notebooks ($NEED) and its dependencies into $VENV ..." >&2
  "$PY" -m pip install --quiet --upgrade pip >&2
  "$PY" -m pip install --quiet -e "$ROOT[$NEED]" >&2
  bash "$ROOT/bin/quiet-lab" "$PY"   # no news pop-up for learners
  echo "$HASH $NEED" > "$STAMP"
fi
