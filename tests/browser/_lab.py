"""The browser tests' name for :mod:`harness.lab` (the server and Chromium, shared with the tools)."""

from harness.lab import *  # noqa: F401,F403
from harness.lab import _APP_STATE, _PANEL  # noqa: F401
