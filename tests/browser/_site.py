"""The browser tests' name for :mod:`harness.site` (the built site served, shared with the tools)."""

from harness.site import *  # noqa: F401,F403
