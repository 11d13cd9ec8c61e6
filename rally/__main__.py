"""Run the command line: ``python -m rally --help``."""

import sys

from .cli import main

sys.exit(main())
