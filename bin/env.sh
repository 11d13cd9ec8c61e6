# Sourced by bin/lessons and bin/test: make .venv with this project installed, once.
# Reinstalls when pyproject.toml changes. Needs only python3 (3.11+) and the package registry.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${RALLY_VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
if [ ! -x "$PY" ]; then
  echo "Creating $VENV ..." >&2
  python3 -m venv "$VENV"
fi
STAMP="$VENV/.rally-installed"
WANT="$(cat "$ROOT/pyproject.toml" "$ROOT/binder/overrides.json" "$ROOT/binder/jupyter_server_config.json" | sha256sum | cut -c1-16)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  echo "Installing Rally Notebooks and its dependencies into $VENV ..." >&2
  "$PY" -m pip install --quiet --upgrade pip >&2
  "$PY" -m pip install --quiet -e "$ROOT[test]" >&2
  bash "$ROOT/bin/quiet-lab" "$PY"   # no news pop-up for learners
  echo "$WANT" > "$STAMP"
fi
